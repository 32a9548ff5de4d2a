/**
 * Quill needs a real layout engine; in component tests a textarea stands in for the course form's
 * editor, with the same value/onChange contract:
 * `vi.mock('../../features/course-editor/rich-text-editor', () => import('../../test/rich-text-editor-stand-in'))`.
 */
export function RichTextEditor({
  value,
  onChange,
  labelledBy,
}: {
  value: string;
  onChange: (html: string, byUser: boolean) => void;
  labelledBy: string;
}) {
  return (
    <textarea
      aria-labelledby={labelledBy}
      value={value}
      onChange={(event) => onChange(event.target.value, true)}
    />
  );
}
