import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'
import { body, optionalText, labelled } from '../platform/validation.ts'

const score = (label: string) =>
	z
		.number({ error: labelled('{label} must be a number from 0 to 100', label) })
		.int(labelled('{label} must be a whole number', label))
		.min(0, labelled('{label} must be a number from 0 to 100', label))
		.max(100, labelled('{label} must be a number from 0 to 100', label))

export const reportCardInput = body({
	score: score('Score'),
	components: z
		.array(
			z.object({
				name: z
					.string({ error: 'Subject or component is required' })
					.trim()
					.min(1, 'Subject or component is required')
					.max(100, 'Subject or component must be at most 100 characters'),
				score: score('Component score'),
				remark: optionalText('Remark', 300).transform((value) => value ?? null),
			}),
			{ error: 'Components must be a list' },
		)
		.max(20, 'At most 20 components')
		.default([]),
	comments: optionalText('Comments', 2000),
})

const grade = z.enum(['A', 'B', 'C', 'D', 'F'])

/** Spec section 9's grade buckets: 0-60, 60-70, 70-80, 80-90, 90-100. */
export function letterGrade(score: number): z.infer<typeof grade> {
	if (score >= 90) return 'A'
	if (score >= 80) return 'B'
	if (score >= 70) return 'C'
	if (score >= 60) return 'D'
	return 'F'
}

/** The README's ReportCard: a student's score in one course, by its components. */
export const reportCard = z
	.object({
		id: z.string(),
		publicId: z.string(),
		courseId: z.string(),
		studentId: z.string(),
		score: z.number().int(),
		grade,
		components: z.array(
			z.object({
				name: z.string(),
				score: z.number().int(),
				remark: z.string().nullable(),
				grade,
			}),
		),
		comments: z.string().nullable(),
		author: z.object({
			id: z.string(),
			type: z.enum(['tutor', 'organization']),
			name: z.string(),
		}),
		createdAt: isoDateTime,
		updatedAt: isoDateTime,
		verifyPath: z.string(),
	})
	.openapi('ReportCard')

// Not `.nullable()`: zod-to-openapi would then write the null into the ReportCard component itself.
const reportCardOrNull = z.union([reportCard, z.null()])

const student = z.object({ id: z.string(), name: z.string(), email: z.string() })
const course = z.object({ id: z.string(), title: z.string() })

export const studentReportCards = z.object({
	student,
	courses: z.array(z.object({ course, reportCard: reportCardOrNull })),
	averageScore: z.number().int().nullable(),
	averageGrade: grade.nullable(),
})

export const courseReportCard = z.object({ student, course, reportCard: reportCardOrNull })

export const savedReportCard = z.object({ message: z.string(), reportCard })

/** `GET /report-cards/verify/{publicId}`: genuine with what it says, or not. */
export const reportCardVerification = z.union([
	z.object({
		genuine: z.literal(true),
		reportCard: reportCard
			.pick({ publicId: true, score: true, grade: true, components: true, comments: true })
			.extend({
				studentName: z.string(),
				courseTitle: z.string(),
				authorName: z.string(),
				updatedAt: isoDateTime,
			}),
	}),
	z.object({ genuine: z.literal(false), message: z.string() }),
])
