export function EducatorBadge() {
  return (
    <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">
      Educador
    </span>
  );
}
