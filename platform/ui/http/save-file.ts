/**
 * Hands a downloaded file to the browser to save, under its name.
 *
 * @example saveFile(await http.post<DownloadedFile>(url, { responseType: 'file' }), 'export.xlsx')
 */
export function saveFile(file: { blob: Blob; fileName: string | null }, fallbackName: string) {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the file after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
