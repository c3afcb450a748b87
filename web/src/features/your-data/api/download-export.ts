import { apiDownload } from '@/lib/api-client';

/**
 * `GET /api/me/export/{id}` with the owner's token, saved as a file: the ZIP is fetched as a Blob
 * (the link works for its owner only, so a plain link without the token would not) and handed to
 * the browser's download.
 */
export async function downloadExport(downloadUrl: string, fileName: string) {
  const blob = await apiDownload(downloadUrl);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
