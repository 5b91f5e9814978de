import { t } from '@lingui/core/macro'
import { z } from 'zod'

const gradedComponent = z.object({
	name: z.string(),
	score: z.number(),
	remark: z.string().nullable(),
	grade: z.string(),
})

// Answers of the reference API (api/README.md).
export const reportCardSchema = z.object({
	id: z.string(),
	publicId: z.string(),
	courseId: z.string(),
	studentId: z.string(),
	score: z.number(),
	grade: z.string(),
	components: z.array(gradedComponent),
	comments: z.string().nullable(),
	author: z.object({ id: z.string(), type: z.enum(['tutor', 'organization']), name: z.string() }),
	createdAt: z.string(),
	updatedAt: z.string(),
	verifyPath: z.string(),
})
export type ReportCard = z.infer<typeof reportCardSchema>

const student = z.object({ id: z.string(), name: z.string(), email: z.string() })
const course = z.object({ id: z.string(), title: z.string() })

export const courseReportSchema = z.object({
	student,
	course,
	reportCard: reportCardSchema.nullable(),
})

export const studentReportsSchema = z.object({
	student,
	courses: z.array(z.object({ course, reportCard: reportCardSchema.nullable() })),
	averageScore: z.number().nullable(),
	averageGrade: z.string().nullable(),
})
export type StudentReports = z.infer<typeof studentReportsSchema>

export const savedReportCardSchema = z.object({
	message: z.string().optional(),
	reportCard: reportCardSchema,
})

export const reportCardVerificationSchema = z.object({
	genuine: z.boolean(),
	reportCard: z
		.object({
			publicId: z.string(),
			studentName: z.string(),
			courseTitle: z.string(),
			score: z.number(),
			grade: z.string(),
			components: z.array(gradedComponent),
			comments: z.string().nullable(),
			authorName: z.string(),
			updatedAt: z.string(),
		})
		.optional(),
})

/** How many component rows the form offers; blank rows are left out. */
export const componentRows = 6

const score = (range: () => string, whole: () => string) =>
	z
		.number({ error: range })
		.int({ error: whole })
		.min(0, { error: range })
		.max(100, { error: range })

export const reportCardFormSchema = z.object({
	score: score(
		() => t`Enter the overall score from 0 to 100`,
		() => t`Enter the overall score as a whole number`,
	),
	comments: z
		.string()
		.trim()
		.max(2000, { error: () => t`Comments must be at most 2000 characters` })
		.optional(),
	components: z
		.array(
			z
				.object({
					name: z
						.string()
						.trim()
						.max(100, { error: () => t`At most 100 characters` })
						.optional(),
					score: score(
						() => t`Enter a score from 0 to 100`,
						() => t`Enter a score as a whole number`,
					).optional(),
					remark: z
						.string()
						.trim()
						.max(300, { error: () => t`At most 300 characters` })
						.optional(),
				})
				.superRefine((row, ctx) => {
					if (row.name && row.score === undefined)
						ctx.addIssue({
							code: 'custom',
							path: ['score'],
							message: t`Enter a score for this subject`,
						})
					if (!row.name && (row.score !== undefined || row.remark)) {
						ctx.addIssue({
							code: 'custom',
							path: ['name'],
							message: t`Name the subject or component`,
						})
					}
				}),
		)
		.max(componentRows)
		.optional()
		.transform((rows) =>
			(rows ?? []).flatMap((row) =>
				row.name && row.score !== undefined
					? [{ name: row.name, score: row.score, remark: row.remark ?? null }]
					: [],
			),
		),
})
export type ReportCardForm = z.infer<typeof reportCardFormSchema>
