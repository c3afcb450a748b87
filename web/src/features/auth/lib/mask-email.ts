/**
 * Hides most of an address's local part so the code screen can say where the code went without
 * printing the whole address: `adaeze@example.test` → `ad***@example.test`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const visible = local.length > 2 ? 2 : 1;
  return `${local.slice(0, visible)}***${email.slice(at)}`;
}
