/**
 * Memoises a chunk's `import()`: every caller shares one download, and a failed download (offline, a deploy
 * replaced the chunk) is forgotten so the next call fetches it again instead of failing for the rest of the visit.
 */
export function loadOnce<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
