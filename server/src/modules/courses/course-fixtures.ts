import { randomUUID } from 'node:crypto';
import type { Chapter } from '@aprendiz/contract/courses';
import type { CourseCategory, CourseLevel } from '@aprendiz/contract/catalogue';
import type { CourseStatus } from '@aprendiz/contract/rules/course-status';
import type { Db } from '../../db/client';
import { courses, type CourseRow } from '../../db/schema/courses';
import { enrollments } from '../../db/schema/enrollments';

/** Test data only: courses are inserted straight into the table, as the educator API would store them. */
export interface CourseFixture {
  title?: string;
  price?: number;
  discount?: number;
  thumbnailUrl?: string;
  descriptionHtml?: string;
  content?: Chapter[];
  /** false: a course taken down after publishing ('unpublished'); `status` says it exactly. */
  isPublished?: boolean;
  status?: CourseStatus;
  category?: CourseCategory;
  level?: CourseLevel;
  studentCount?: number;
  createdAt?: Date;
}

export const PREVIEW_URL = 'https://youtu.be/preview0001';
export const LOCKED_URLS = ['https://youtu.be/locked00001', 'https://youtu.be/locked00002'];

/** Two chapters, three lectures (one free preview), 10 + 20 + 15.5 minutes. */
export function sampleContent(): Chapter[] {
  return [
    {
      chapterId: 'ch-1',
      chapterTitle: 'Introdução',
      chapterOrder: 1,
      chapterContent: [
        {
          lectureId: 'lec-1',
          lectureTitle: 'Boas-vindas',
          lectureDuration: 10,
          lectureUrl: PREVIEW_URL,
          isPreviewFree: true,
          lectureOrder: 1,
        },
        {
          lectureId: 'lec-2',
          lectureTitle: 'Instalação',
          lectureDuration: 20,
          lectureUrl: LOCKED_URLS[0]!,
          isPreviewFree: false,
          lectureOrder: 2,
        },
      ],
    },
    {
      chapterId: 'ch-2',
      chapterTitle: 'Prática',
      chapterOrder: 2,
      chapterContent: [
        {
          lectureId: 'lec-3',
          lectureTitle: 'Primeiro projeto',
          lectureDuration: 15.5,
          lectureUrl: LOCKED_URLS[1]!,
          isPreviewFree: false,
          lectureOrder: 1,
        },
      ],
    },
  ];
}

export async function insertCourse(
  db: Db,
  educatorId: string,
  fixture: CourseFixture = {},
): Promise<CourseRow> {
  const [row] = await db
    .insert(courses)
    .values({
      educatorId,
      title: fixture.title ?? `Curso ${randomUUID().slice(0, 8)}`,
      descriptionHtml: fixture.descriptionHtml ?? '<p>Aprenda <strong>tudo</strong>.</p>',
      thumbnailUrl: fixture.thumbnailUrl ?? '/uploads/thumb.webp',
      price: String(fixture.price ?? 19.99),
      discount: fixture.discount ?? 15,
      content: fixture.content ?? sampleContent(),
      status: fixture.status ?? (fixture.isPublished === false ? 'unpublished' : 'published'),
      category: fixture.category ?? null,
      level: fixture.level ?? null,
      // Normally kept by triggers on enrollments; set directly to rank without a thousand rows.
      ...(fixture.studentCount === undefined ? {} : { studentCount: fixture.studentCount }),
      ...(fixture.createdAt ? { createdAt: fixture.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function enrollDirectly(
  db: Db,
  userId: string,
  courseId: string,
  enrolledAt?: Date,
): Promise<void> {
  await db.insert(enrollments).values({ userId, courseId, ...(enrolledAt ? { enrolledAt } : {}) });
}
