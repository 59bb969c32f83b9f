/**
 * The exam packs on /course-dashboard: three PDFs anyone can download, each with its
 * true size and how many times it was downloaded.
 */
import { useQuery } from '@tanstack/react-query';
import { EXAM_PACK_IDS, type ExamPackId } from '@functions/exampacks/catalog';
import type { ExamPack } from '@functions/exampacks/contract';
import { Button } from '../../shared/ui/Button';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useAsPrerendered } from '../../shared/useHydrated';
import { examPacksQuery, useDownloadExamPack } from './exam-packs-api';
import { useCatalogueText } from './catalogue-text';
import { fileSize } from './format';

const isKnownPack = (id: string): id is ExamPackId => (EXAM_PACK_IDS as readonly string[]).includes(id);

function ExamPackCard({ pack }: { pack: ExamPack }) {
  const download = useDownloadExamPack();
  const toast = useToast();
  const t = useCatalogueText();
  const start = () => download.mutate(pack.id, { onError: () => toast.error(t('packs.downloadFailed')) });
  // The packs are the platform's own (functions/exampacks/catalog.ts): their words are in the catalog by id.
  const known = isKnownPack(pack.id) ? pack.id : null;
  const title = known ? t(`pack.${known}.title`) : pack.title;
  const [sizeKey, sizeValues] = fileSize(pack.sizeBytes);
  const size = t(sizeKey, sizeValues);
  return (
    <article className="card exam-pack">
      <h3>{title}</h3>
      <p className="muted">{known ? t(`pack.${known}.description`) : pack.description}</p>
      <p className="exam-pack-facts">
        <span>{t('packs.format', { size })}</span>
        <span data-testid="exam-pack-downloads">{t('packs.downloads', { count: pack.downloads })}</span>
      </p>
      <Button variant="secondary" size="sm" busy={download.isPending} onClick={start} aria-label={t('packs.downloadLabel', { title, size })}>
        {t('packs.download')}
      </Button>
    </article>
  );
}

export function ExamPacks() {
  // Loading while the prerendered /course-dashboard hydrates, as its HTML shows them.
  const query = useAsPrerendered(useQuery(examPacksQuery()));
  const t = useCatalogueText();
  return (
    <section className="exam-packs" aria-labelledby="exam-packs-title">
      <h2 id="exam-packs-title">{t('packs.title')}</h2>
      <p className="muted">{t('packs.intro')}</p>
      <QueryState
        query={query}
        loading={<InlineLoading label={t('packs.loading')} />}
        error={{ title: t('packs.error.title'), text: t('packs.error.text') }}
        empty={{ when: (data) => data.packs.length === 0, show: <p className="muted">{t('packs.empty')}</p> }}
      >
        {(data) => (
          <ul className="exam-pack-list">
            {data.packs.map((pack) => (
              <li key={pack.id}>
                <ExamPackCard pack={pack} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
