import { z } from 'zod'

// The shape of every toast the app shows: spec section 8 gives titles, texts, durations and actions.
export const toastSchema = z.object({
	type: z.enum(['error', 'info', 'success', 'warning']),
	title: z.string(),
	description: z.string().optional(),
	duration: z.number().optional(),
	action: z
		.object({ label: z.enum(['Retry', 'Dismiss', 'Login']), href: z.string().optional() })
		.optional(),
})
export type AppToast = z.infer<typeof toastSchema>

/** Success and info toasts last 3 s, warnings and the rest 4 s (spec section 9). */
export function successToast(title: string): AppToast {
	return { type: 'success', title, duration: 3000 }
}

export function infoToast(title: string): AppToast {
	return { type: 'info', title, duration: 3000 }
}

/** A call that failed while a page loaded: the text shown in place and the toast to show with it. */
export type LoadFailure = { text: string; toast: AppToast }
