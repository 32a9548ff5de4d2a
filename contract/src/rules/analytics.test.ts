import { describe, expect, it } from 'vitest';
import { completionRate, dropOffLecture, fillDailySeries } from './analytics';

describe('fillDailySeries', () => {
  it('when some days had no enrollment, then they appear as zeros, oldest first, ending today (UTC)', () => {
    const series = fillDailySeries(
      [
        { date: '2033-03-02', enrollments: 3, earnings: 50.999 },
        { date: '2033-02-01', enrollments: 9, earnings: 1 },
      ],
      3,
      new Date('2033-03-03T23:59:00Z'),
    );

    expect(series).toEqual([
      { date: '2033-03-01', enrollments: 0, earnings: 0 },
      { date: '2033-03-02', enrollments: 3, earnings: 51 },
      { date: '2033-03-03', enrollments: 0, earnings: 0 },
    ]);
  });

  it('when asked for 90 days, then 90 consecutive dates across month ends', () => {
    const series = fillDailySeries([], 90, new Date('2033-03-01T00:00:00Z'));
    expect(series).toHaveLength(90);
    expect(series[0]!.date).toBe('2032-12-02');
    expect(series.at(-1)!.date).toBe('2033-03-01');
  });
});

describe('completionRate', () => {
  it('when some learners finished, then the floored percent; nobody enrolled is 0', () => {
    expect(completionRate(1, 3)).toBe(33);
    expect(completionRate(0, 0)).toBe(0);
  });
});

describe('dropOffLecture', () => {
  const lecture = (lectureId: string, completed: number) => ({
    lectureId,
    lectureTitle: `Aula ${lectureId}`,
    completed,
  });

  it('when completions fall most after a lecture, then that lecture and how many stopped there', () => {
    expect(dropOffLecture(10, [lecture('1', 9), lecture('2', 3), lecture('3', 2)])).toEqual({
      lectureId: '2',
      lectureTitle: 'Aula 2',
      learners: 6,
    });
  });

  it('when most never complete the first lecture, then the first lecture', () => {
    expect(dropOffLecture(10, [lecture('1', 2), lecture('2', 2)])?.lectureId).toBe('1');
  });

  it('when two lectures lose as many, then the earlier; when none loses anyone, then null', () => {
    expect(dropOffLecture(4, [lecture('1', 2), lecture('2', 0)])?.lectureId).toBe('1');
    expect(dropOffLecture(2, [lecture('1', 2), lecture('2', 2)])).toBeNull();
    expect(dropOffLecture(0, [])).toBeNull();
  });
});
