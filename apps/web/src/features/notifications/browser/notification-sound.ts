/*
 * The notification sound: a short rising three-tone beep (about 0.3 s), made with the Web
 * Audio API so there is no audio file to load.
 */

export interface Tone {
  frequencyHz: number;
  /** Seconds after the sound starts. */
  startSeconds: number;
  durationSeconds: number;
}

const TONE_SECONDS = 0.1;
// A5, C#6, E6: a major arpeggio, bright without being shrill.
const FREQUENCIES_HZ = [880, 1108.73, 1318.51];
const PEAK_GAIN = 0.2;
// Browsers start audio only after the player has interacted with the page; past this wait
// the beep is dropped rather than played late.
const RESUME_WAIT_MS = 150;

export const NOTIFICATION_TONES: readonly Tone[] = FREQUENCIES_HZ.map((frequencyHz, index) => ({
  frequencyHz,
  startSeconds: index * TONE_SECONDS,
  durationSeconds: TONE_SECONDS,
}));

let audioContext: AudioContext | undefined;

function getAudioContext(): AudioContext | undefined {
  if (audioContext) return audioContext;
  const AudioContextClass =
    window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return undefined;
  audioContext = new AudioContextClass();
  return audioContext;
}

async function isRunning(context: AudioContext): Promise<boolean> {
  if (context.state === 'running') return true;
  const resumed = context.resume().then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), RESUME_WAIT_MS));
  if (!(await Promise.race([resumed, timeout]))) return false;
  // Read afresh: resume() changed it (TypeScript narrowed it above).
  return (context.state as AudioContextState) === 'running';
}

/** Plays the beep. Never throws: no audio support, or audio not allowed yet, means silence. */
export async function playNotificationSound(): Promise<void> {
  try {
    const context = getAudioContext();
    if (!context || !(await isRunning(context))) return;
    const startAt = context.currentTime + 0.01;
    for (const tone of NOTIFICATION_TONES) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const start = startAt + tone.startSeconds;
      const end = start + tone.durationSeconds;
      oscillator.type = 'sine';
      oscillator.frequency.value = tone.frequencyHz;
      // A quick fade in and out, so the tones do not click.
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, end - 0.005);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(end);
    }
  } catch {
    // Silence is the right outcome for a sound that cannot play.
  }
}
