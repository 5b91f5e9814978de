/** The teacher's task list, where every task form posts and returns. */
export const TEACHER_TASKS_PATH = '/teachersdashboard/tasks'

/** One task's submissions, with their summary. */
export const submissionsPath = (taskId: string) =>
	`/teachersdashboard/tasks/submissions?taskId=${encodeURIComponent(taskId)}`

/** One student's work on a task, where the teacher grades it. */
export const reviewPath = (taskId: string, studentId: string) =>
	`/teachersdashboard/tasks/view-submissions?taskId=${encodeURIComponent(taskId)}&studentId=${encodeURIComponent(studentId)}`
