/** Shown under a new-password field until there is an error (the error is the spec's text). */
export const PASSWORD_HINT =
  'At least 6 characters, with an uppercase letter, a lowercase letter, a number and a symbol (@$%*#?&).';
