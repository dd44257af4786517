import { afterAll } from 'vitest';
import { releaseTestServer } from './test-server.ts';

// Registered before the file's own hooks, so it runs after them: the file's last clock reset included.
afterAll(releaseTestServer);
