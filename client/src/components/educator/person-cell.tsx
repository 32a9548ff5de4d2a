import type { PublicPerson } from '@aprendiz/contract/common';

const AVATAR_SIZE = 36;

/** A student's picture and name in a table cell; their initial on a blue disc when they have no picture. */
export function PersonCell({ person }: { person: PublicPerson }) {
  const initial = (person.name.trim()[0] ?? '?').toUpperCase();
  return (
    <div className="flex min-w-0 items-center gap-3">
      {person.imageUrl ? (
        // The name is beside it, so the picture is decorative.
        <img
          src={person.imageUrl}
          alt=""
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="h-9 w-9 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-blue-600 font-semibold text-white"
        >
          {initial}
        </span>
      )}
      <span className="truncate">{person.name}</span>
    </div>
  );
}
