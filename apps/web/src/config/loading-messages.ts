/** The loading messages of the specification, word for word. */
export const LOADING_MESSAGES = {
  playerSelection: 'Loading player selection...',
  squad: 'Loading your team...',
  access: 'Checking access...',
  authentication: 'Checking authentication...',
  profileSetup: 'Setting up your profile...',
  playerSelectionCheck: 'Checking player selection...',
  authenticating: 'Authenticating...',
  passwordReset: 'Loading password reset...',
  initialising: 'Initialising...',
} as const;

export type LoadingMessage = (typeof LOADING_MESSAGES)[keyof typeof LOADING_MESSAGES];
