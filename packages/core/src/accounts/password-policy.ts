/**
 * One password policy for every new password (sign-up, reset, change): five rules, a
 * strength meter that counts them, and a refusal of the most common passwords.
 */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<> ';

export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (password: string) => password.length >= 8 },
  { id: 'uppercase', label: 'One uppercase letter', test: (password: string) => /[A-Z]/.test(password) },
  { id: 'lowercase', label: 'One lowercase letter', test: (password: string) => /[a-z]/.test(password) },
  { id: 'digit', label: 'One number', test: (password: string) => /\d/.test(password) },
  {
    id: 'special',
    label: 'One special character',
    test: (password: string) =>
      [...password].some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character)),
  },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];
export type PasswordStrengthLabel = 'none' | 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  /** How many of the five rules hold. */
  score: number;
  label: PasswordStrengthLabel;
  rules: { id: PasswordRuleId; label: string; isMet: boolean }[];
}

/** 0 rules: none; 1-2 Weak; 3 Fair; 4 Good; 5 Strong. */
export function passwordStrength(password: string): PasswordStrength {
  const rules = PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    label: rule.label,
    isMet: rule.test(password),
  }));
  const score = rules.filter((rule) => rule.isMet).length;
  const label: PasswordStrengthLabel =
    score === 0 ? 'none' : score <= 2 ? 'Weak' : score === 3 ? 'Fair' : score === 4 ? 'Good' : 'Strong';
  return { score, label, rules };
}

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/*
 * Words at the heart of the passwords people choose most (breach lists are dominated by them,
 * dressed up with a capital, a number and a symbol to pass rules like ours).
 */
const COMMON_PASSWORD_WORDS = new Set([
  'password',
  'passw0rd',
  'p@ssword',
  'p@ssw0rd',
  'qwerty',
  'qwertyuiop',
  'azerty',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'iloveyou',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'soccer',
  'master',
  'sunshine',
  'princess',
  'shadow',
  'superman',
  'batman',
  'trustno1',
  'abc',
  'abcdef',
  'abcd',
  'login',
  'starwars',
  'whatever',
  'freedom',
  'hello',
  'charlie',
  'michael',
  'liverpool',
  'arsenal',
  'chelsea',
  'manutd',
  'mancity',
  'tottenham',
  'everton',
  'newcastle',
  'qazwsx',
  'zaq',
  'asdf',
  'asdfgh',
  'zxcvbn',
  'changeme',
  'secret',
  'summer',
  'winter',
  'spring',
  'autumn',
  'london',
  'england',
  'computer',
  'internet',
  'hit',
  'hitgoals',
  'blackjack',
  'premierleague',
  'goal',
  'goals',
  'test',
  'guest',
  'user',
  'default',
]);

/**
 * True for a password that is a common word or keyboard run dressed up with capitals, digits
 * and symbols ("Password1!", "Qwerty123$", "Liverpool2025!"), or one character repeated.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (/^(.)\1+$/.test(lower)) return true;
  if (
    /^(0123456789|123456789|12345678|1234567|123456|987654321)$/.test(lower.replace(/[^0-9]/g, '')) &&
    /^[^a-z]*$/.test(lower)
  ) {
    return true;
  }
  // Strip the decoration people add to satisfy rules, then look at what is left.
  const core = lower.replace(/[\d!@#$%^&*(),.?":{}|<> _\-+=~`'[\]\\/;]+/g, '');
  return core.length === 0 || COMMON_PASSWORD_WORDS.has(core) || COMMON_PASSWORD_WORDS.has(lower);
}

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  rules: 'Password must meet all security requirements',
  common: 'This password is too common. Please choose one that is harder to guess.',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
  sameAsCurrent: 'Your new password must be different from your current password',
} as const;
