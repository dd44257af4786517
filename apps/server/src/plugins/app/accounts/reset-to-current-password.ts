/** The part of better-auth's context a reset check reads. */
interface ResetCheckContext {
  internalAdapter: {
    findVerificationValue(identifier: string): Promise<{ value: string; expiresAt: Date } | null>;
    findAccounts(userId: string): Promise<{ providerId: string; password?: string | null }[]>;
  };
  password: { verify(input: { hash: string; password: string }): Promise<boolean> };
}

/**
 * Whether a reset would set the password the account already has (the README: a new password
 * differs). A bad or expired token answers false: better-auth then refuses the link itself.
 */
export async function isResetToCurrentPassword(
  auth: ResetCheckContext,
  body: Record<string, unknown>,
  query: Record<string, unknown> | undefined,
): Promise<boolean> {
  const { newPassword } = body;
  const token = body.token ?? query?.token;
  if (typeof token !== 'string' || token === '' || typeof newPassword !== 'string') return false;
  const verification = await auth.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt.getTime() < Date.now()) return false;
  const accounts = await auth.internalAdapter.findAccounts(verification.value);
  const hash = accounts.find((account) => account.providerId === 'credential')?.password;
  return hash ? auth.password.verify({ hash, password: newPassword }) : false;
}
