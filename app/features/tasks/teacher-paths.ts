/** The teacher's task list, where every task form posts and returns. */
export const TEACHER_TASKS_PATH = '/teachersdashboard/tasks'
