/** Query keys of 'Your data'. */
export const yourDataKeys = {
  all: ['your-data'] as const,
  exportStatus: () => ['your-data', 'export'] as const,
  deletionInfo: () => ['your-data', 'deletion'] as const,
};
