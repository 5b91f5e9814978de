import { z } from 'zod'

/** Whether the organization's teachers must sign in with two-factor (issue 29, decision 037). */
export const TEACHER_TWO_FACTOR_MESSAGE = 'Tick or untick the box, then save'

// A checkbox sends 'on' when ticked and nothing when not; anything else is no checkbox of ours.
export const teacherTwoFactorSchema = z.object({
	intent: z.literal('teacher-two-factor'),
	teachersNeedTwoFactor: z
		.literal('on', { error: TEACHER_TWO_FACTOR_MESSAGE })
		.optional()
		.transform((value) => value === 'on'),
})
export type TeacherTwoFactorForm = z.infer<typeof teacherTwoFactorSchema>
