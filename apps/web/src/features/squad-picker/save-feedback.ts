import type { ToastType } from '../../lib/toast.ts';

/** Which screen saves: the first pick ("Make Your Picks") or an edit ("Edit Your Team"). */
export type PickerMode = 'select' | 'edit';

export interface FeedbackToast {
  type: ToastType;
  title: string;
  message: string;
}

export interface SaveFeedback {
  /** Shown above the player list. */
  inlineMessage?: string;
  /** Shown in order, as toasts at the top. */
  toasts: FeedbackToast[];
}

/** The specification's success toasts, word for word. */
export function saveSuccessFeedback(mode: PickerMode): FeedbackToast {
  return mode === 'select'
    ? { type: 'success', title: 'Team Selected!', message: 'Your 4 players have been successfully selected.' }
    : {
        type: 'success',
        title: 'Team Updated!',
        message: 'Your player selections have been updated successfully.',
      };
}

/**
 * What the user reads when a save fails. The server saves all or nothing, so a failed save
 * always leaves the previous squad stored: the specification's "restored" wording holds
 * whenever there was one.
 */
export function saveFailureFeedback(
  mode: PickerMode,
  options: { hadSquad: boolean; reason: string },
): SaveFeedback {
  if (mode === 'edit') {
    const message = 'Failed to save your selections. Please try again.';
    return {
      inlineMessage: message,
      toasts: [
        { type: 'error', title: 'Update Failed', message },
        {
          type: 'info',
          title: 'Selections Restored',
          message: 'Your previous selections have been restored due to the update failure.',
        },
      ],
    };
  }
  const message = options.hadSquad
    ? `Failed to save selections but original selections were restored: ${options.reason}`
    : `Failed to save selections: ${options.reason}`;
  return { inlineMessage: message, toasts: [{ type: 'error', title: 'Selection Failed', message }] };
}
