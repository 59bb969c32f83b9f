/**
 * The exam packs' PDFs (functions/exampacks/catalog.ts lists them): a title page, practice
 * questions and a marking guide, written with the tiny PDF writer. The seed stores them locally;
 * infra/scripts/publish-exam-packs.ts stores the same files on AWS.
 */
import { EXAM_PACKS, type ExamPackDefinition, type ExamPackId } from '../../functions/exampacks/catalog.js';
import { writePdf, type PdfLine } from './pdf.js';

interface PackContent {
  subtitle: string;
  /** Sections of numbered questions. */
  sections: Array<{ heading: string; questions: string[] }>;
  answers: string[];
}

const content: Record<ExamPackId, PackContent> = {
  'kcse-past-papers': {
    subtitle: 'Kenya Certificate of Secondary Education: sample questions in the style of Papers 1 and 2 (not KNEC past papers)',
    sections: [
      { heading: 'Mathematics', questions: [
        'Without using tables or a calculator, evaluate (0.0625)^(-1/4) x 27^(2/3).',
        'Solve the simultaneous equations 3x + 2y = 12 and 5x - y = 7.',
        'A shopkeeper bought 40 kg of sugar at KSh 120 per kg and sold it at KSh 150 per kg. Find the percentage profit.',
        'The roots of x^2 - 5x + k = 0 differ by 3. Find k.',
      ] },
      { heading: 'English', questions: [
        'Rewrite as instructed: "The rain was heavy. The match went on." (Begin: Despite ...)',
        'Write a formal letter to your principal proposing a school reading club (about 450 words).',
      ] },
      { heading: 'Chemistry', questions: [
        'Name the compound CH3CH2CH2OH and give one test that distinguishes it from ethanoic acid.',
        'Calculate the mass of calcium oxide formed when 25 g of calcium carbonate is heated strongly (Ca = 40, C = 12, O = 16).',
      ] },
      { heading: 'Biology', questions: [
        'State three adaptations of the leaf for photosynthesis.',
        'Explain why the rate of an enzyme-controlled reaction falls above the optimum temperature.',
      ] },
    ],
    answers: [
      'Mathematics: 1) 18  2) x = 2, y = 3  3) 25%  4) k = 4',
      'Chemistry: 1) propan-1-ol; it does not react with sodium carbonate (no effervescence)  2) 14 g',
      'Biology: 1) broad, thin lamina; many chloroplasts in the palisade layer; stomata for gas exchange  2) the enzyme is denatured: its active site changes shape',
    ],
  },
  'jamb-utme-practice': {
    subtitle: 'Unified Tertiary Matriculation Examination: Use of English, Mathematics and Physics',
    sections: [
      { heading: 'Use of English', questions: [
        'Choose the word nearest in meaning to "candid": (A) frank (B) shy (C) rude (D) careful.',
        'Choose the option opposite in meaning to "scarce": (A) rare (B) plentiful (C) costly (D) small.',
        'Which word has a different vowel sound? (A) seat (B) sheet (C) sit (D) feet.',
      ] },
      { heading: 'Mathematics', questions: [
        'Convert 11011 (base 2) to base 10.',
        'Simplify log2 8 + log2 4 - log2 2.',
        'Find the 10th term of the arithmetic progression 3, 7, 11, ...',
      ] },
      { heading: 'Physics', questions: [
        'A car accelerates uniformly from rest to 20 m/s in 5 s. Find its acceleration and the distance covered.',
        'A wave has frequency 50 Hz and wavelength 4 m. Find its speed.',
      ] },
    ],
    answers: [
      'Use of English: 1) A  2) B  3) C',
      'Mathematics: 1) 27  2) 4  3) 39',
      'Physics: 1) 4 m/s^2, 50 m  2) 200 m/s',
    ],
  },
  'university-entrance-revision': {
    subtitle: 'Revision for first-year entrants: calculus, cell biology and programming',
    sections: [
      { heading: 'Calculus', questions: [
        'Differentiate y = 3x^4 - 2x^2 + 7 with respect to x.',
        'Find the area under y = x^2 between x = 0 and x = 3.',
      ] },
      { heading: 'Cell biology', questions: [
        'Compare the structure of prokaryotic and eukaryotic cells in four points.',
        'Describe the role of the cell membrane in active transport.',
      ] },
      { heading: 'Programming', questions: [
        'Write a Python function that returns the largest number in a list without using max().',
        'What does the loop "for i in range(1, 10, 3): print(i)" print?',
      ] },
    ],
    answers: [
      'Calculus: 1) dy/dx = 12x^3 - 4x  2) 9 square units',
      'Programming: 2) 1, 4, 7',
      'Cell biology: see the notes at the start of each section of your course.',
    ],
  },
};

function titlePage(pack: ExamPackDefinition, c: PackContent): PdfLine[] {
  return [
    { text: "Africa's Learning Platform", size: 12, bold: true },
    { text: pack.title, size: 24, bold: true, gap: 160 },
    { text: c.subtitle, size: 14, gap: 12 },
    { text: pack.description, size: 11, gap: 24 },
    { text: 'Contents', size: 13, bold: true, gap: 40 },
    ...c.sections.map((s, i) => ({ text: `${i + 1}. ${s.heading}` })),
    { text: `${c.sections.length + 1}. Marking guide` },
    { text: 'Free to download, print and share for study.', size: 9, gap: 200 },
  ];
}

/** The pack's PDF bytes. */
export function examPackPdf(pack: ExamPackDefinition): Buffer {
  const c = content[pack.id];
  let n = 0;
  const questionPages: PdfLine[][] = c.sections.map((section) => [
    { text: section.heading, size: 18, bold: true },
    ...section.questions.map((q) => ({ text: `${++n}. ${q}`, gap: 14 })),
  ]);
  const answers: PdfLine[] = [{ text: 'Marking guide', size: 18, bold: true }, ...c.answers.map((a) => ({ text: a, gap: 12 }))];
  return writePdf({ title: pack.title, author: "Africa's Learning Platform", pages: [titlePage(pack, c), ...questionPages, answers] });
}

export const examPackFiles = () => EXAM_PACKS.map((pack) => ({ pack, pdf: examPackPdf(pack) }));
