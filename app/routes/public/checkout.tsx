import { t } from '@lingui/core/macro'
import type { Route } from './+types/checkout'
import { CheckoutPage } from '~/features/payments/checkout-page'
import { checkoutAction, loadCheckout } from '~/features/payments/checkout.server'
import { requireRole } from '~/platform/request.server'
import { courseLanguage } from '~/features/courses/course-locale.server'

/** The course's own language, when its teacher chose one (decision 063). */
export const middleware: Route.MiddlewareFunction[] = [courseLanguage]

export async function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
	return loadCheckout(context, request, params.courseId)
}

export async function action({ context, request, params }: Route.ActionArgs) {
	requireRole(context, request, 'student')
	return checkoutAction(context, request, params.courseId)
}

export function meta({ loaderData }: Route.MetaArgs) {
	const course = loaderData?.course.title
	return [{ title: course ? t`Checkout: ${course} | TutorHub` : t`Checkout | TutorHub` }]
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
	return <CheckoutPage {...loaderData} actionData={actionData} />
}
