// How certificate dates read. Its own module, so the public verification page ships no schema
// library.
export const formatIssued = (iso: string) =>
	new Date(iso).toLocaleDateString('en-US', {
		year: 'numeric',
		month: 'long',
		day: 'numeric',
		timeZone: 'UTC',
	})
