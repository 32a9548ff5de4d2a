import {
  EU_WITHDRAWAL_DAYS,
  GUARANTEE_DAYS_DEFAULT,
  GUARANTEE_DAYS_MAX,
  GUARANTEE_DAYS_MIN,
} from '@aprendiz/contract/rules/guarantee';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  COURSE_CATEGORIES,
  COURSE_CATEGORY_SLUGS,
  COURSE_LEVEL_SLUGS,
  COURSE_LEVELS,
  type CourseCategory,
  type CourseLevel,
} from '@aprendiz/contract/catalogue';
import {
  addCourseDataSchema,
  DISCOUNT_ENDS_PAST,
  type AddCourseDataInput,
} from '@aprendiz/contract/educator';
import { findIncompleteLectures } from '@aprendiz/contract/rules/incomplete-lectures';
import { COURSE_PRICE_MAX } from '@aprendiz/contract/rules/pricing';
import { educatorIcons } from '../../components/educator/educator-icons';
import { describeIncompleteLectures } from '../../components/educator/incomplete-lectures';
import { ChapterBuilder } from './chapter-builder';
import type { ChapterDraft } from './course-draft';
import { plainSpaces } from './plain-spaces';
import { RichTextEditor } from './rich-text-editor';
import { UnsavedChangesGuard } from './unsaved-changes';
import { focusRing } from '../../components/ui/focus-ring';
import { useAppContext } from '../../context/app-context';
import { useStorefront } from '../../config/storefront';
import { Field, FieldError, fieldErrors, inputClass, labelClass } from '../../components/ui/field';

const THUMBNAIL_NOT_SELECTED = 'Thumbnail Not Selected';

/** The schema's field names, as the form's fields are called. */
const FIELD_OF: Record<string, string> = {
  courseTitle: 'title',
  courseDescription: 'description',
  coursePrice: 'price',
  discount: 'discount',
  discountEndsAt: 'discountEndsAt',
  guaranteeDays: 'guaranteeDays',
  watermark: 'watermark',
  category: 'category',
  level: 'level',
  courseContent: 'chapters',
};

/** Each field's first error from the server's schema, keyed by the form's field name. */
function errorsByField(issues: Parameters<typeof fieldErrors>[0]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors(issues))) {
    const field = FIELD_OF[path.split('.')[0] ?? ''] ?? 'form';
    errors[field] ??= message;
  }
  return errors;
}
/**
 * What the protection does and does not do, said where the educator chooses it: a promise the
 * platform cannot keep (no recording) would be worse than none.
 */
export const WATERMARK_HINT =
  "Os vídeos enviados à plataforma só tocam por endereços pessoais que expiram; com a marca d'água, cada aluno vê o próprio nome e e-mail passando sobre o vídeo, também em tela cheia. Isso impede o compartilhamento de links, a incorporação do vídeo em outros sites e a cópia casual. Não impede a gravação da tela: só faz com que uma gravação mostre de quem ela veio.";
const NOT_AN_IMAGE = 'Selecione um arquivo de imagem (JPEG, PNG, WebP, GIF ou AVIF).';

export type CourseFormValues = {
  title: string;
  description: string;
  price: string;
  discount: string;
  /** A `datetime-local` value on the educator's clock; empty when the discount has no end date. */
  discountEndsAt: string;
  guaranteeDays: string;
  /** The learner's name and e-mail over the course's video. */
  watermark: boolean;
  category: CourseCategory | '';
  level: CourseLevel | '';
  chapters: ChapterDraft[];
};

export const emptyCourseForm: CourseFormValues = {
  title: '',
  description: '',
  price: '0',
  discount: '0',
  discountEndsAt: '',
  guaranteeDays: String(GUARANTEE_DAYS_DEFAULT),
  watermark: false,
  category: '',
  level: '',
  chapters: [],
};

/** What the form hands its page: the course data, the chosen image (if any) and the button pressed. */
export type CourseFormSubmit = {
  data: AddCourseDataInput;
  image: File | null;
  intent: 'publish' | 'draft';
};

/** The form's fields as the server's schema reads them; `collapsed` is interface state and stays here. */
function courseData(fields: CourseFormValues): AddCourseDataInput {
  return {
    courseTitle: fields.title,
    // Only what is sent loses Quill's &nbsp;: fed back into the editor, a trailing ordinary space
    // would be trimmed while the educator is still typing.
    courseDescription: plainSpaces(fields.description),
    // Price and discount are sent as numbers.
    coursePrice: Number(fields.price),
    discount: Number(fields.discount),
    // Only a discount ends; an unparsable value is sent as typed, for the schema to refuse.
    discountEndsAt:
      Number(fields.discount) > 0 && fields.discountEndsAt
        ? localToIso(fields.discountEndsAt)
        : null,
    guaranteeDays: Number(fields.guaranteeDays),
    watermark: fields.watermark,
    // Both are optional: an unchosen one is left out rather than sent empty.
    category: fields.category || undefined,
    level: fields.level || undefined,
    courseContent: fields.chapters.map((chapter) => ({
      chapterId: chapter.chapterId,
      chapterTitle: chapter.chapterTitle,
      chapterOrder: chapter.chapterOrder,
      chapterContent: chapter.chapterContent,
      // Left out when the chapter has none: the server then removes any quiz it had.
      ...(chapter.quiz ? { quiz: chapter.quiz } : {}),
    })),
  };
}

function localToIso(local: string): string {
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? local : time.toISOString();
}

/** A stored instant as a `datetime-local` field shows it, on this browser's clock. */
export function isoToLocal(iso: string | null): string {
  if (!iso) return '';
  const time = new Date(iso);
  const offset = time.getTimezoneOffset() * 60_000;
  return new Date(time.getTime() - offset).toISOString().slice(0, 16);
}

/** The fields compared to tell a changed form; a chapter's collapsed state is not a change. */
function editableFields(
  fields: Pick<
    CourseFormValues,
    | 'title'
    | 'price'
    | 'discount'
    | 'discountEndsAt'
    | 'watermark'
    | 'category'
    | 'level'
    | 'chapters'
  >,
): string {
  const { title, price, discount, discountEndsAt, watermark, category, level, chapters } = fields;
  return JSON.stringify({
    title,
    price,
    discount,
    discountEndsAt,
    watermark,
    category,
    level,
    chapters: chapters.map(({ collapsed: _, ...chapter }) => chapter),
  });
}

function ThumbnailPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  if (!url) return null;
  return (
    <img
      src={url}
      alt="Pré-visualização da miniatura"
      className="h-16 w-28 rounded border border-gray-300 object-cover"
    />
  );
}

type CourseFormProps = {
  /** The values the form opens with: empty to add, the stored course to edit. */
  initial?: CourseFormValues;
  /** The stored thumbnail when editing: a new image is then optional. */
  currentThumbnail?: string;
  /** The main button: 'ADD' publishes a new course, the edit page saves changes. */
  submitLabel: string;
  /** Adds 'Salvar rascunho' beside the main button (a new course kept as a draft). */
  offerDraft?: boolean;
  /** Sends the course; answers true when it was stored, so a new-course form can clear itself. */
  onSave: (submit: CourseFormSubmit) => Promise<boolean>;
};

/**
 * The course form of Add Course and of the edit page: fields, chapter builder, thumbnail and the
 * buttons. Validation runs through the server's own schema before anything is sent.
 */
export function CourseForm({
  initial = emptyCourseForm,
  currentThumbnail,
  submitLabel,
  offerDraft = false,
  onSave,
}: CourseFormProps) {
  const id = useId();
  const { currency } = useAppContext();
  const { currency: chargedIn } = useStorefront();
  const thumbnailInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [price, setPrice] = useState(initial.price);
  const [discount, setDiscount] = useState(initial.discount);
  const [discountEndsAt, setDiscountEndsAt] = useState(initial.discountEndsAt);
  const [guaranteeDays, setGuaranteeDays] = useState(initial.guaranteeDays);
  const [watermark, setWatermark] = useState(initial.watermark);
  const [category, setCategory] = useState<CourseCategory | ''>(initial.category);
  const [level, setLevel] = useState<CourseLevel | ''>(initial.level);
  const [image, setImage] = useState<File | null>(null);
  const [chapters, setChapters] = useState<ChapterDraft[]>(initial.chapters);
  const [sending, setSending] = useState(false);
  // Set while a save runs: the edit page's move to My Courses after it is not 'leaving unsaved'.
  const saving = useRef(false);
  // Quill rewrites the stored HTML as it loads it; only the educator's own typing counts as a change.
  const [descriptionEdited, setDescriptionEdited] = useState(false);
  // Each field's error, shown beside it until the next submit.
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Which button was pressed: the form's submit event does not say.
  const intent = useRef<'publish' | 'draft'>('publish');
  const incomplete = findIncompleteLectures(chapters);
  const dirty =
    descriptionEdited ||
    image !== null ||
    editableFields({
      title,
      price,
      discount,
      discountEndsAt,
      watermark,
      category,
      level,
      chapters,
    }) !== editableFields(initial);
  function handleThumbnail(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (file && !file.type.startsWith('image/')) {
      setErrors((current) => ({ ...current, thumbnail: NOT_AN_IMAGE }));
      event.target.value = '';
      setImage(null);
      return;
    }
    setErrors(({ thumbnail: _, ...rest }) => rest);
    setImage(file);
  }

  function reset() {
    setTitle(emptyCourseForm.title);
    setDescription(emptyCourseForm.description);
    setPrice(emptyCourseForm.price);
    setDiscount(emptyCourseForm.discount);
    setDiscountEndsAt(emptyCourseForm.discountEndsAt);
    setGuaranteeDays(emptyCourseForm.guaranteeDays);
    setWatermark(emptyCourseForm.watermark);
    setCategory(emptyCourseForm.category);
    setLevel(emptyCourseForm.level);
    setImage(null);
    setChapters(emptyCourseForm.chapters);
    setDescriptionEdited(false);
    if (thumbnailInput.current) thumbnailInput.current.value = '';
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const data = courseData({
      title,
      description,
      price,
      discount,
      discountEndsAt,
      guaranteeDays,
      watermark,
      category,
      level,
      chapters,
    });
    // The server's own schema: what it would refuse is shown beside its field, before the upload.
    const parsed = addCourseDataSchema.safeParse(data);
    const found = parsed.success ? {} : errorsByField(parsed.error.issues);
    if (!image && !currentThumbnail) found.thumbnail = THUMBNAIL_NOT_SELECTED;
    if (data.discountEndsAt && Date.parse(data.discountEndsAt) <= Date.now())
      found.discountEndsAt ??= DISCOUNT_ENDS_PAST;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    saving.current = true;
    try {
      const saved = await onSave({ data, image, intent: intent.current });
      if (saved && !currentThumbnail) reset();
    } finally {
      saving.current = false;
      setSending(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} className="flex max-w-md flex-col gap-5 text-gray-700">
      <Field label="Course Title" error={errors.title}>
        {(control) => (
          <input
            {...control}
            type="text"
            required
            maxLength={200}
            placeholder="Digite aqui"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>

      <div className="flex flex-col gap-1">
        <span id={`${id}-description`} className={labelClass}>
          Course Description
        </span>
        <RichTextEditor
          value={description}
          onChange={(html, byUser) => {
            setDescription(html);
            if (byUser) setDescriptionEdited(true);
          }}
          labelledBy={`${id}-description`}
        />
        <FieldError error={errors.description} />
      </div>

      <div className="flex flex-wrap gap-4">
        <Field label="Course Price" error={errors.price} className="flex w-36 flex-col gap-1">
          {(control) => (
            // The price is charged in the deployment's currency, so the field says which: the figure
            // alone said none, and a dollar sign would misstate what learners pay.
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600"
              >
                {currency}
              </span>
              <input
                {...control}
                type="number"
                required
                min={0}
                max={COURSE_PRICE_MAX}
                step={0.01}
                inputMode="decimal"
                value={price}
                onChange={(event) => setPrice(event.target.value)}
                className={`${inputClass} pl-10`}
              />
            </div>
          )}
        </Field>
        <Field label="Discount %" error={errors.discount} className="flex w-32 flex-col gap-1">
          {(control) => (
            <input
              {...control}
              type="number"
              required
              min={0}
              max={100}
              step={1}
              inputMode="numeric"
              value={discount}
              onChange={(event) => setDiscount(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Garantia (dias)"
          error={errors.guaranteeDays}
          // What the buyer is told comes from refundWindowDays: in euros, never under the EU's 14.
          hint={
            chargedIn === 'eur'
              ? `Em euros, quem compra tem pelo menos ${EU_WITHDRAWAL_DAYS} dias (direito de livre resolução da UE).`
              : undefined
          }
          className={`flex flex-col gap-1 ${chargedIn === 'eur' ? 'w-64' : 'w-36'}`}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              required
              min={GUARANTEE_DAYS_MIN}
              max={GUARANTEE_DAYS_MAX}
              step={1}
              inputMode="numeric"
              value={guaranteeDays}
              onChange={(event) => setGuaranteeDays(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
      </div>

      {Number(discount) > 0 && (
        <Field
          label="O desconto termina em (opcional)"
          hint="Com uma data, a página do curso diz quantos dias faltam e o preço cheio volta nesse momento. Sem data, o desconto não acaba e nenhum prazo é anunciado."
          error={errors.discountEndsAt}
        >
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={discountEndsAt}
              onChange={(event) => setDiscountEndsAt(event.target.value)}
              className={`${inputClass} w-60`}
            />
          )}
        </Field>
      )}

      <div className="flex flex-wrap gap-4">
        <Field
          label="Categoria (opcional)"
          error={errors.category}
          className="flex min-w-40 flex-1 flex-col gap-1"
        >
          {(control) => (
            <select
              {...control}
              value={category}
              onChange={(event) => setCategory(event.target.value as CourseCategory | '')}
              className={inputClass}
            >
              <option value="">Sem categoria</option>
              {COURSE_CATEGORY_SLUGS.map((slug) => (
                <option key={slug} value={slug}>
                  {COURSE_CATEGORIES[slug]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Nível (opcional)"
          error={errors.level}
          className="flex min-w-40 flex-1 flex-col gap-1"
        >
          {(control) => (
            <select
              {...control}
              value={level}
              onChange={(event) => setLevel(event.target.value as CourseLevel | '')}
              className={inputClass}
            >
              <option value="">Sem nível</option>
              {COURSE_LEVEL_SLUGS.map((slug) => (
                <option key={slug} value={slug}>
                  {COURSE_LEVELS[slug]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            checked={watermark}
            onChange={(event) => setWatermark(event.target.checked)}
            aria-describedby={`${id}-watermark-hint`}
            className={`mt-0.5 h-4 w-4 shrink-0 accent-blue-600 ${focusRing}`}
          />
          Marca d'água com o nome e o e-mail do aluno
        </label>
        <p id={`${id}-watermark-hint`} className="text-sm text-slate-600">
          {WATERMARK_HINT}
        </p>
        <FieldError error={errors.watermark} />
      </div>

      <div className="flex flex-col gap-2">
        <span aria-hidden="true" className={labelClass}>
          Course Thumbnail
        </span>
        <div className="flex flex-wrap items-center gap-3">
          <label className="inline-flex cursor-pointer items-center gap-2 rounded bg-blue-600 px-3 py-2 text-sm font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:bg-blue-700">
            {educatorIcons.upload}
            <span>{image ? 'Trocar imagem' : 'Escolher imagem'}</span>
            <input
              ref={thumbnailInput}
              type="file"
              accept="image/*"
              aria-label="Course Thumbnail"
              aria-invalid={errors.thumbnail ? true : undefined}
              aria-describedby={errors.thumbnail ? `${id}-thumbnail-error` : undefined}
              onChange={handleThumbnail}
              className="sr-only"
            />
          </label>
          {image ? (
            <ThumbnailPreview file={image} />
          ) : (
            currentThumbnail && (
              <img
                src={currentThumbnail}
                alt="Miniatura atual"
                className="h-16 w-28 rounded border border-gray-300 object-cover"
              />
            )
          )}
        </div>
        <FieldError id={`${id}-thumbnail-error`} error={errors.thumbnail} />
      </div>

      {/* A fieldset is at least as wide as its content unless told otherwise: a long chapter name would widen the page. */}
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className={`${labelClass} mb-2`}>Capítulos</legend>
        <ChapterBuilder chapters={chapters} onChange={setChapters} />
        <FieldError error={errors.chapters ?? errors.form} />
      </fieldset>

      {incomplete.count > 0 && (
        // The spec accepts these lectures on ADD: it stays enabled and keeps the course as a draft.
        <div
          id={`${id}-incomplete`}
          className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <span className="mt-0.5">{educatorIcons.warning}</span>
          <div className="min-w-0 space-y-1 break-words">
            <p className="font-medium">{describeIncompleteLectures(incomplete)}</p>
            <p>
              Os alunos veriam só o número destas aulas ou “Este vídeo não está disponível”.{' '}
              {offerDraft
                ? 'ADD salva o curso como rascunho, sem publicá-lo, até que estejam completas.'
                : 'Um curso com aulas incompletas não pode ser publicado.'}
            </p>
          </div>
        </div>
      )}

      <div className="my-4 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={sending}
          aria-busy={sending}
          aria-describedby={incomplete.count > 0 ? `${id}-incomplete` : undefined}
          onClick={() => {
            intent.current = 'publish';
          }}
          className={`w-max rounded bg-black px-8 py-2.5 font-semibold text-white hover:bg-slate-800 ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`}
        >
          {submitLabel}
        </button>
        {offerDraft && (
          <button
            type="submit"
            disabled={sending}
            onClick={() => {
              intent.current = 'draft';
            }}
            className={`w-max rounded border border-slate-400 px-6 py-2.5 font-semibold text-slate-800 hover:bg-slate-100 ${focusRing} disabled:cursor-not-allowed disabled:opacity-60`}
          >
            Salvar rascunho
          </button>
        )}
      </div>
      <UnsavedChangesGuard dirty={dirty} saving={saving} />
    </form>
  );
}
