import { useId, useState, type FormEvent } from 'react';
import { lectureInputSchema } from '@aprendiz/contract/educator';
import { LECTURE_DURATION_MAX_MINUTES } from '@aprendiz/contract/rules/duration';
import { Dialog } from '../../components/dialog';
import type { NewLecture } from './course-draft';
import { VideoUpload } from './video-upload';
import { Field, FieldError, fieldErrors, inputClass } from '../../components/ui/field';
import { focusRing } from '../../components/ui/focus-ring';

type LectureModalProps = {
  open: boolean;
  onClose: () => void;
  /** Called with a lecture the server will accept; the modal then resets its fields. */
  onAdd: (lecture: NewLecture) => void;
  /** A lecture being edited: its fields fill the form and the dialog says 'Editar aula'. */
  initial?: NewLecture;
};

type VideoSource = 'youtube' | 'upload';

type LectureFields = {
  title: string;
  duration: string;
  url: string;
  isPreviewFree: boolean;
  source: VideoSource;
  videoId: string | undefined;
};

const emptyFields: LectureFields = {
  title: '',
  duration: '',
  url: '',
  isPreviewFree: false,
  source: 'youtube',
  videoId: undefined,
};

/** The 'Add Lecture' dialog: title, duration in minutes, URL and the free-preview flag. */
function fieldsOf(lecture: NewLecture | undefined): LectureFields {
  if (!lecture) return emptyFields;
  return {
    title: lecture.lectureTitle,
    duration: String(lecture.lectureDuration),
    url: lecture.lectureUrl,
    isPreviewFree: lecture.isPreviewFree,
    source: lecture.videoId ? 'upload' : 'youtube',
    videoId: lecture.videoId,
  };
}

export function LectureModal({ open, onClose, onAdd, initial }: LectureModalProps) {
  const [fields, setFields] = useState<LectureFields>(() => fieldsOf(initial));
  // Each field's error, by the schema's field name, shown beside it until the field changes.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  function update(patch: Partial<LectureFields>) {
    setFields((current) => ({ ...current, ...patch }));
    setErrors({});
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to the add-course form around it.
    event.stopPropagation();
    // The spec accepts empty lecture fields; the shared schema refuses only what the server would.
    const parsed = lectureInputSchema.safeParse({
      lectureTitle: fields.title,
      lectureDuration: fields.duration === '' ? 0 : Number(fields.duration),
      // One or the other: an uploaded video, or a YouTube link.
      lectureUrl: fields.source === 'upload' ? '' : fields.url.trim(),
      ...(fields.source === 'upload' && fields.videoId ? { videoId: fields.videoId } : {}),
      isPreviewFree: fields.isPreviewFree,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    const { lectureTitle, lectureDuration, lectureUrl, videoId, isPreviewFree } = parsed.data;
    onAdd({ lectureTitle, lectureDuration, lectureUrl, videoId, isPreviewFree });
    setFields(emptyFields);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={initial ? 'Editar aula' : 'Add Lecture'}
      closeLabel="Fechar"
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-4 text-gray-700">
        <Field label="Lecture Title" error={errors.lectureTitle} className="space-y-1">
          {(control) => (
            <input
              {...control}
              type="text"
              value={fields.title}
              onChange={(event) => update({ title: event.target.value })}
              maxLength={200}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Duration (minutes)" error={errors.lectureDuration} className="space-y-1">
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={LECTURE_DURATION_MAX_MINUTES}
              value={fields.duration}
              onChange={(event) => update({ duration: event.target.value })}
              className={inputClass}
            />
          )}
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Vídeo da aula</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {(
              [
                ['youtube', 'Link do YouTube'],
                ['upload', 'Enviar vídeo'],
              ] as const
            ).map(([source, label]) => (
              <label key={source} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-source`}
                  checked={fields.source === source}
                  onChange={() => update({ source })}
                  className="accent-blue-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {fields.source === 'youtube' ? (
          <Field label="Lecture URL" error={errors.lectureUrl} className="space-y-1">
            {(control) => (
              <input
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={fields.url}
                onChange={(event) => update({ url: event.target.value })}
                className={inputClass}
              />
            )}
          </Field>
        ) : (
          <>
            <VideoUpload
              videoId={fields.videoId}
              onVideo={(video) =>
                update({
                  videoId: video?.videoId,
                  ...(video?.durationSeconds
                    ? { duration: String(Math.round((video.durationSeconds / 60) * 100) / 100) }
                    : {}),
                })
              }
            />
            <FieldError error={errors.videoId} />
          </>
        )}
        <div className="flex items-center gap-2">
          <input
            id={`${id}-preview`}
            type="checkbox"
            checked={fields.isPreviewFree}
            onChange={(event) => update({ isPreviewFree: event.target.checked })}
            className="h-4 w-4 accent-blue-600"
          />
          <label htmlFor={`${id}-preview`} className="text-sm font-medium">
            Is Preview Free?
          </label>
        </div>
        <FieldError error={errors.isPreviewFree ?? errors['']} />
        <button
          type="submit"
          className={`w-full rounded bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 ${focusRing}`}
        >
          {initial ? 'Salvar aula' : 'Add'}
        </button>
      </form>
    </Dialog>
  );
}
