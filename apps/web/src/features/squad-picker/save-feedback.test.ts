import { describe, expect, it } from 'vitest';
import { saveFailureFeedback, saveSuccessFeedback } from './save-feedback.ts';

describe('saveSuccessFeedback', () => {
  it('says the team was selected, or updated on the edit screen', () => {
    expect(saveSuccessFeedback('select')).toEqual({
      type: 'success',
      title: 'Team Selected!',
      message: 'Your 4 players have been successfully selected.',
    });
    expect(saveSuccessFeedback('edit')).toEqual({
      type: 'success',
      title: 'Team Updated!',
      message: 'Your player selections have been updated successfully.',
    });
  });
});

describe('saveFailureFeedback', () => {
  const reason = 'Player not found for ID: 42';

  it('on a first pick, passes the server reason on', () => {
    expect(saveFailureFeedback('select', { hadSquad: false, reason })).toEqual({
      inlineMessage: 'Failed to save selections: Player not found for ID: 42',
      toasts: [
        {
          type: 'error',
          title: 'Selection Failed',
          message: 'Failed to save selections: Player not found for ID: 42',
        },
      ],
    });
  });

  it('says the stored team is untouched when there was one', () => {
    const feedback = saveFailureFeedback('select', { hadSquad: true, reason });
    expect(feedback.inlineMessage).toBe(
      'Failed to save selections but original selections were restored: Player not found for ID: 42',
    );
    expect(feedback.toasts.map((toast) => toast.title)).toEqual(['Selection Failed']);
  });

  it('on the edit screen, says try again, then that the previous team is back', () => {
    const feedback = saveFailureFeedback('edit', { hadSquad: true, reason });
    expect(feedback.inlineMessage).toBe('Failed to save your selections. Please try again.');
    expect(feedback.toasts).toEqual([
      { type: 'error', title: 'Update Failed', message: 'Failed to save your selections. Please try again.' },
      {
        type: 'info',
        title: 'Selections Restored',
        message: 'Your previous selections have been restored due to the update failure.',
      },
    ]);
  });
});
