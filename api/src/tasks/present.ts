import type { z } from 'zod'
import { pagination, type Page } from '../platform/pagination.ts'
import type { submission, SubmissionStatus, task } from './schemas.ts'
import type { TaskRow, SubmissionRow } from './repository.ts'

/** The task lists' pagination also names the page `currentPage` (spec section 7). */
export const taskPagination = (total: number, page: Page) => ({
	...pagination(total, page),
	currentPage: page.page,
})

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** The README's Task. `submissionStatus` is the asking student's own; null for the teacher. */
export function toTask(row: TaskRow): z.input<typeof task> {
	return {
		id: row.id,
		title: row.title,
		description: row.description,
		taskType: row.task_type,
		courseId: row.course_id,
		courseTitle: row.course_title,
		createdBy: row.created_by,
		teacherName: `${row.teacher_first_name} ${row.teacher_last_name}`,
		dueDate: row.due_date.toISOString(),
		endDate: iso(row.end_date),
		isDeleted: row.is_deleted,
		attachment: row.attachment_key
			? {
					name: row.attachment_name ?? 'attachment',
					size: row.attachment_size ?? 0,
					contentType: row.attachment_type ?? 'application/octet-stream',
					url: `/tasks/${row.id}/attachment`,
				}
			: null,
		submissionCount: Number(row.submission_count),
		enrolledCount: Number(row.enrolled_count),
		submissionStatus: (row.my_status ?? null) as SubmissionStatus | null,
		createdAt: row.created_at.toISOString(),
		updatedAt: row.updated_at.toISOString(),
	}
}

/** The README's Submission; a Pending one (no work in yet) has a null id, file and dates. */
export function toSubmission(row: SubmissionRow): z.input<typeof submission> {
	return {
		id: row.id,
		status: row.status,
		submittedAt: iso(row.submitted_at),
		comment: row.comment,
		student: {
			id: row.student_id,
			name: `${row.first_name} ${row.last_name}`,
			email: row.email,
		},
		task: { id: row.task_id, title: row.task_title, dueDate: row.due_date.toISOString() },
		file: row.id
			? {
					name: row.file_name ?? 'submission',
					size: row.file_size ?? 0,
					contentType: row.file_type ?? 'application/octet-stream',
					url: `/tasks/submissions/${row.id}/file`,
				}
			: null,
		gradeInfo:
			row.graded_at && row.grade !== null
				? { grade: row.grade, feedback: row.feedback, gradedAt: row.graded_at.toISOString() }
				: null,
	}
}
