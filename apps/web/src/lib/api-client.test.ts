import { AppError, seasonStateSchema } from '@hit21/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, GENERIC_ERROR_MESSAGE, getUserMessage } from './api-client.ts';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function captureError(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('Expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with cookies and returns the parsed body', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await expect(api.post('/api/things', { name: 'x' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"x"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns the server error body into an AppError', async () => {
    stubFetch(
      Response.json(
        {
          code: 'CONFLICT',
          reason: 'ALREADY_ON_WAITLIST',
          message: 'duplicate',
          userMessage: 'Already there.',
          issues: [{ path: 'name', message: 'Taken' }],
        },
        { status: 409 },
      ),
    );
    const error = await captureError(api.get('/api/x'));
    expect(error.code).toBe('CONFLICT');
    expect(error.reason).toBe('ALREADY_ON_WAITLIST');
    expect(error.message).toBe('duplicate');
    expect(error.userMessage).toBe('Already there.');
    expect(error.issues).toEqual([{ path: 'name', message: 'Taken' }]);
  });

  it('drops a reason this build does not declare', async () => {
    stubFetch(Response.json({ code: 'FORBIDDEN', reason: 'SOMETHING_NEWER', message: 'x' }, { status: 403 }));
    const error = await captureError(api.get('/api/x'));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.reason).toBeUndefined();
  });

  it('falls back to INTERNAL and the generic message when the body is not JSON', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await captureError(api.get('/api/x'));
    expect(error.code).toBe('INTERNAL');
    expect(error.userMessage).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('falls back to INTERNAL and the generic message when the network fails', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await captureError(api.get('/api/x'));
    expect(error.code).toBe('INTERNAL');
    expect(getUserMessage(error)).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('derives the code from the status when the JSON body has none', async () => {
    stubFetch(Response.json({ error: 'nope' }, { status: 404 }));
    const error = await captureError(api.get('/api/x'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.userMessage).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('rejects a response that does not match the schema', async () => {
    stubFetch(Response.json({ id: 1 }));
    const error = await captureError(api.get('/api/season', { schema: seasonStateSchema }));
    expect(error.code).toBe('INTERNAL');
  });
});
