/** A list's page from the query (`page`, or `name` when a page has two lists): a whole number from 1, else 1. */
export function pageParam(params: URLSearchParams, name = 'page') {
	const page = Number(params.get(name))
	return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}
