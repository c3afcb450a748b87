/** Administration texts of our own (the specification does not show the admin screens). */
export const ADMIN_MESSAGES = {
  blockSelf: 'You cannot block yourself',
  blockAdmin: 'An administrator cannot be blocked',
} as const;
