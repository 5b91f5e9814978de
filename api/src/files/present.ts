/** The path, under the API base, that serves a stored file. */
export const fileUrl = (key: string | null) => (key ? `/files/${key}` : null)
