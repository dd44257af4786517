import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TONES } from './notification-sound.ts';

describe('the notification sound', () => {
  it('is three rising tones, back to back, about 0.3 s in all', () => {
    expect(NOTIFICATION_TONES).toHaveLength(3);
    const frequencies = NOTIFICATION_TONES.map((tone) => tone.frequencyHz);
    expect([...frequencies].sort((a, b) => a - b)).toEqual(frequencies);
    for (const [index, tone] of NOTIFICATION_TONES.entries()) {
      const previous = NOTIFICATION_TONES[index - 1];
      expect(tone.startSeconds).toBeCloseTo(previous ? previous.startSeconds + previous.durationSeconds : 0);
    }
    const last = NOTIFICATION_TONES.at(-1);
    expect((last?.startSeconds ?? 0) + (last?.durationSeconds ?? 0)).toBeCloseTo(0.3);
  });
});
