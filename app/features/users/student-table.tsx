import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { TextLink } from '~/ui/text-link'
import { Table } from '~/ui/table'
import type { User } from './schema'

/**
 * `studentHref`: where a student's name leads (a teacher's report cards of that student);
 * `column`: one more column, such as the way to each student's certificate.
 */
export function StudentTable({
	caption,
	students,
	total,
	studentHref,
	column,
	empty,
}: {
	caption: string
	students: User[]
	total: number
	studentHref?: (student: User) => string
	column?: { header: string; cell: (student: User) => ReactNode }
	empty?: string
}) {
	const { t } = useLingui()
	if (!students.length) return <p className="text-slate-700">{empty ?? t`No students yet.`}</p>
	return (
		<Table
			label={caption}
			caption={
				<>
					{caption} ({total})
				</>
			}
			headers={[t`Name`, t`Email`, column ? column.header : null]}
		>
			{students.map((student) => (
				<tr key={student.id} className="border-t border-slate-200">
					<td className="px-4 py-2">
						{studentHref ? (
							<TextLink to={studentHref(student)}>{student.name}</TextLink>
						) : (
							student.name
						)}
					</td>
					<td className="px-4 py-2">{student.email}</td>
					{column ? <td className="px-4 py-2">{column.cell(student)}</td> : null}
				</tr>
			))}
		</Table>
	)
}
