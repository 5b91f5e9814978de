/**
 * Only same-site paths are followed after login: anything absolute, protocol-relative or
 * backslash-tricked falls back, so a crafted link cannot send a user to another site.
 */
export function safeRedirect(
	to: FormDataEntryValue | string | null | undefined,
	fallback: string,
): string {
	if (typeof to !== 'string' || !to) return fallback
	if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
	if (/[\p{Cc}\\]/u.test(to)) return fallback
	return to
}
