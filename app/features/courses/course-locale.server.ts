import type { MiddlewareFunction } from 'react-router'
import { supportedLocale } from '../../../contract/locales'
import { courseLocaleMiddleware } from '~/platform/i18n.server'
import { upstream } from '~/platform/request.server'
import { getCourse } from './api.server'

/**
 * A course's pages speak its language when its teacher chose one (decision 063), over the
 * person's own. The page's loader asks for the same course: the upstream client answers both
 * from one call.
 */
export const courseLanguage: MiddlewareFunction<Response> = courseLocaleMiddleware(
	async ({ context, request, params }) => {
		if (!params.courseId) return null
		try {
			const { course } = await getCourse(upstream(context, request), params.courseId)
			return supportedLocale(course.locale)
		} catch {
			// No such course, or the API failed: the page's loader meets the same and shows it
			// (with the root's data, which a refusal here would leave out); the language stays.
			return null
		}
	},
)
