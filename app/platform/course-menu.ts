/** The most courses a form's course menu lists; a search finds the others (issue 28). */
export const MENU_SIZE = 50

/** The query parameter a course menu's search travels in. */
export const MENU_SEARCH = 'courseSearch'

/** The course menu's search from the address (trimmed, at most 100 characters) and its size. */
export function courseMenuQuery(url: URL) {
	const search = (url.searchParams.get(MENU_SEARCH) ?? '').trim().slice(0, 100)
	return { search: search || undefined, limit: MENU_SIZE }
}
