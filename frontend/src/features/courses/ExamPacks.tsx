/**
 * The exam packs on /course-dashboard (spec §2): three PDFs anyone can download, each with its
 * true size and how many times it was downloaded.
 */
import { useQuery } from '@tanstack/react-query';
import { examPackMessages } from '@functions/exampacks/catalog';
import type { ExamPack } from '@functions/exampacks/contract';
import { Button } from '../../shared/ui/Button';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { examPacksQuery, useDownloadExamPack } from './exam-packs-api';
import { downloadsLabel, fileSize } from './format';

function ExamPackCard({ pack }: { pack: ExamPack }) {
  const download = useDownloadExamPack();
  const toast = useToast();
  const start = () => download.mutate(pack.id, { onError: () => toast.error(examPackMessages.downloadFailed) });
  return (
    <article className="card exam-pack">
      <h3>{pack.title}</h3>
      <p className="muted">{pack.description}</p>
      <p className="exam-pack-facts">
        <span>PDF, {fileSize(pack.sizeBytes)}</span>
        <span data-testid="exam-pack-downloads">{downloadsLabel(pack.downloads)}</span>
      </p>
      <Button variant="secondary" size="sm" busy={download.isPending} onClick={start} aria-label={`Download ${pack.title} (PDF, ${fileSize(pack.sizeBytes)})`}>
        Download
      </Button>
    </article>
  );
}

export function ExamPacks() {
  const query = useQuery(examPacksQuery());
  return (
    <section className="exam-packs" aria-labelledby="exam-packs-title">
      <h2 id="exam-packs-title">Exam Packs</h2>
      <p className="muted">Free practice papers with marking guides to download, print and share.</p>
      <QueryState
        query={query}
        loading={<InlineLoading label="Loading exam packs…" />}
        error={{ title: 'Error Loading Exam Packs', text: examPackMessages.loadError }}
        empty={{ when: (data) => data.packs.length === 0, show: <p className="muted">No exam packs yet.</p> }}
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
