/** The specification's confetti burst size. */
const CONFETTI_PIECES = 250;

/**
 * A burst of confetti for joining the waitlist; nothing at all for readers who prefer
 * reduced motion. The library loads only when needed.
 */
export async function celebrate(): Promise<void> {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  try {
    const { default: confetti } = await import('canvas-confetti');
    await confetti({
      particleCount: CONFETTI_PIECES,
      spread: 100,
      startVelocity: 45,
      origin: { y: 0.6 },
      colors: ['#f5b700', '#ffd84d', '#15803d', '#ffffff', '#0b3d2e'],
      disableForReducedMotion: true,
    });
  } catch {
    // Confetti is decoration: a failed chunk load must not spoil the success.
  }
}
