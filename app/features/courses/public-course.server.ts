import { data } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { currentUser, upstream } from '~/platform/request.server'
import { getCourse } from './api.server'

type Context = Readonly<RouterContextProvider>

// A course's public page: everything about it (description, outcomes, modules, schedule,
// teacher), readable before paying, with Buy leading to the checkout.

export async function loadPublicCourse(
	context: Context,
	request: Request,
	params: { courseId: string },
) {
	const { course, enrolled } = await getCourse(upstream(context, request), params.courseId)
	// The API shows an unpublished course to its owner and its students only; this page is for buyers.
	if (!course.isPublished && !enrolled) throw data(null, { status: 404 })
	return { course, enrolled, role: currentUser(context)?.role ?? null }
}
