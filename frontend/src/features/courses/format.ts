/** Course display that is not words: a file's size as a catalog message and its values. */

/**
 * A file's size as people read it: "812 bytes", "4.8 KB", "1.2 MB" (1 KB = 1024 bytes, as file
 * managers show), as the catalog message to show and its values.
 */
export function fileSize(bytes: number): ['size.bytes', { count: number }] | ['size.kb' | 'size.mb', { size: string }] {
  if (bytes < 1024) return ['size.bytes', { count: bytes }];
  const kb = bytes / 1024;
  if (kb < 1024) return ['size.kb', { size: kb < 10 ? kb.toFixed(1) : String(Math.round(kb)) }];
  const mb = kb / 1024;
  return ['size.mb', { size: mb < 10 ? mb.toFixed(1) : String(Math.round(mb)) }];
}
