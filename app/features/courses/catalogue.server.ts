import { redirect, type RouterContextProvider } from 'react-router'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { listCatalogue } from './api.server'
import { readCatalogueQuery } from './schema'

const FILTER_PARAMS = ['search', 'category', 'level']

/** Spec sections 5 and 9: the default page size is 10. */
const CATALOGUE_PAGE_SIZE = 10

/** A page of the public catalogue, filtered as the address says. */
export async function loadCatalogue(context: Readonly<RouterContextProvider>, request: Request) {
	const url = new URL(request.url)
	// The filter form sends every field, blank ones too: one address per search, without `search=`.
	const blank = FILTER_PARAMS.filter((name) => url.searchParams.get(name)?.trim() === '')
	if (blank.length) {
		for (const name of blank) url.searchParams.delete(name)
		// A client navigation asks for /courses.data: the redirect names the page itself.
		url.searchParams.delete('_routes')
		throw redirect(`${url.pathname.replace(/\.data$/, '')}${url.search}`)
	}
	const query = readCatalogueQuery(url)
	const courses = await settle(
		listCatalogue(upstream(context, request), { ...query, limit: CATALOGUE_PAGE_SIZE }),
	)
	return { query, courses }
}
