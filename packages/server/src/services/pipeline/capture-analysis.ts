/**
 * The analysis step of a capture (DESIGN §5 pipeline): runs the document, face and anti-spoofing
 * analyses a capture needs, judges them, and keeps what an accepted capture found (the front's
 * fields, the back's, the document portrait) for the captures that follow.
 */
import type { AnalysisEngine, BackAnalysis, FrontAnalysis } from '@idv/analysis';
import type { DocumentCaptureMeta, SelfieCaptureMeta, SelfieReview } from '@idv/contract';
import { isoAt } from '../../lib/clock.js';
import { ApiError, Errors } from '../../lib/errors.js';
import type { Executor, ServiceContext } from '../context.js';
import { effectiveDocumentType } from '../document-types.js';
import type { VerificationJoinRow } from '../verification-views.js';
import type { VerificationService } from '../verifications.js';
import type { AnalysisProvider } from './analysis-engine.js';
import {
  frontalFrameIndex,
  judgeBack,
  judgeFaces,
  judgeFront,
  judgeChallenge,
  judgeChallengeFrames,
  judgeLivenessEvidence,
  judgeSpoof,
  challengeVerdictOf,
  FACE_MATCH_THRESHOLD,
  livenessSignals,
  type CaptureRejection,
} from './capture-decisions.js';
import { judgeDocumentKind, judgePassportPage } from './document-kind-decisions.js';

/** A capture as the route hands it over: decoded JPEGs and the validated `meta`. */
export type CaptureUpload =
  | { kind: 'front'; images: [Buffer]; meta: DocumentCaptureMeta }
  | { kind: 'back'; images: [Buffer]; meta: DocumentCaptureMeta }
  | { kind: 'selfie'; images: Buffer[]; meta: SelfieCaptureMeta };

/**
 * What the device is told when an analysis cannot run: a remote service that refused or failed
 * (`AnalysisServiceError`: key, quota, outage) is 503 and consumes no attempt; input the analysis
 * refused (`AnalysisInputError`) is a bad request with its own status.
 */
function analysisFailure(error: unknown): never {
  if (error instanceof Error && error.name === 'AnalysisServiceError')
    throw Errors.unavailable('the analysis service is unavailable; try again');
  if (error instanceof Error && error.name === 'AnalysisInputError') {
    const status = (error as Error & { status?: number }).status;
    throw new ApiError(
      status === 413 || status === 422 ? status : 400,
      'IDV_ERR_ANALYSIS_INPUT',
      error.message,
    );
  }
  throw error;
}

/** What an analysis concluded, and what to keep when the capture is accepted. */
export interface Outcome {
  rejection: CaptureRejection | undefined;
  front?: FrontAnalysis;
  back?: BackAnalysis;
  portrait?: Buffer;
  /** What the selfie analyses found, kept whether the selfie is accepted or not (the portal's review). */
  selfie?: SelfieReview;
}

/** A front analysis as stored: the portrait is kept apart, as bytes. */
type StoredFront = Omit<FrontAnalysis, 'faceImage'>;

/** Runs and judges the analyses of captures; keeps the results of accepted ones. */
export class CaptureAnalyzer {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly verifications: VerificationService,
    private readonly analysis: AnalysisProvider,
  ) {}

  /**
   * Runs the analyses `upload` needs and judges them (the decisions of `capture-decisions.ts`).
   * A remote service that fails or refuses is 503; input the analysis refused is a 4xx.
   */
  analyze(verificationId: string, upload: CaptureUpload): Promise<Outcome> {
    return this.run(verificationId, upload).catch(analysisFailure);
  }

  private async run(verificationId: string, upload: CaptureUpload): Promise<Outcome> {
    const engine: AnalysisEngine = await this.analysis.engine();
    const row = await this.verifications.loadRow(verificationId, this.ctx.database.db);
    if (row === undefined) throw Errors.notFound('verification');
    if (upload.kind === 'front') {
      const front = await engine.analyzeFront(upload.images[0]);
      const needsPortrait = row.link_type === 'FULL FLOW';
      const documentType = effectiveDocumentType(row) ?? 'ID_CARD';
      const today = isoAt(this.ctx.clock.now()).slice(0, 10);
      const rejection =
        judgeDocumentKind(documentType, front) ??
        judgeFront(front, needsPortrait) ??
        (documentType === 'PASSPORT' ? judgePassportPage(front, today) : undefined);
      return {
        rejection,
        front,
        ...(front.faceImage !== null ? { portrait: Buffer.from(front.faceImage, 'base64') } : {}),
      };
    }
    if (upload.kind === 'back') {
      const kept = await this.stored(verificationId);
      const front = kept?.front ? (JSON.parse(kept.front) as StoredFront) : undefined;
      const back = await engine.analyzeBack(
        upload.images[0],
        front === undefined ? undefined : { ...front, faceImage: null },
      );
      const today = isoAt(this.ctx.clock.now()).slice(0, 10);
      return { rejection: judgeBack(back, today), back };
    }
    const reference = await this.referencePortrait(row);
    if (reference === undefined)
      return {
        rejection: {
          code: 'NO_REFERENCE_FACE',
          message: 'There is no document portrait to compare the selfie with.',
        },
      };
    const unfinishedChallenge = judgeChallenge(upload.meta);
    if (unfinishedChallenge !== undefined) return { rejection: unfinishedChallenge };
    const company = await this.ctx.database.db
      .selectFrom('companies')
      .select(['anti_spoofing', 'allow_uploaded_selfie'])
      .where('id', '=', row.company_id)
      .executeTakeFirstOrThrow();
    const withoutLiveness = judgeLivenessEvidence(upload.meta, company.allow_uploaded_selfie === 1);
    if (withoutLiveness !== undefined) return { rejection: withoutLiveness };
    const antiSpoofing = company.anti_spoofing === 1;
    const { challenge } = upload.meta;
    let review: SelfieReview = {
      score: null,
      threshold: FACE_MATCH_THRESHOLD,
      source: upload.meta.source,
      challenge: challenge === null ? null : { type: challenge.type, passed: challenge.passed },
      challengeVerdict: null,
      antiSpoofing,
      spoofing: null,
      spoofScore: null,
      rejection: null,
      at: isoAt(this.ctx.clock.now()),
    };
    // The claimed challenge is re-verified on the frames whatever the anti-spoofing setting.
    if (antiSpoofing || challenge !== null) {
      const spoof = await engine.detectSpoof(upload.images, livenessSignals(upload.meta));
      const verdict = challengeVerdictOf(spoof);
      const rejection =
        judgeChallengeFrames(verdict, antiSpoofing) ??
        (antiSpoofing ? judgeSpoof(spoof) : undefined);
      review = {
        ...review,
        challengeVerdict: verdict,
        ...(antiSpoofing ? { spoofing: spoof.spoofing, spoofScore: spoof.score } : {}),
      };
      if (rejection !== undefined)
        return { rejection, selfie: { ...review, rejection: rejection.code } };
    }
    const selfie = upload.images[frontalFrameIndex(upload.meta)] ?? upload.images[0]!;
    const faces = await engine.compareFaces([selfie, reference]);
    const rejection = judgeFaces(faces);
    review = {
      ...review,
      score: faces.biometric['0']?.['1'] ?? null,
      rejection: rejection?.code ?? null,
    };
    return { rejection, portrait: reference, selfie: review };
  }

  /** The face the selfie is compared with: this document's portrait, or on the `FACE` branch the reference verification's. */
  private async referencePortrait(row: VerificationJoinRow): Promise<Buffer | undefined> {
    if (row.method === 'FACE' && row.link_external_user_id !== null) {
      const reference = await this.verifications.faceReference(
        row.company_id,
        row.link_external_user_id,
        row.id,
      );
      return reference?.portrait;
    }
    const kept = await this.stored(row.id);
    return kept?.portrait === null || kept?.portrait === undefined
      ? undefined
      : Buffer.from(kept.portrait);
  }

  /**
   * Keeps what an accepted capture's analyses found (for the next capture and the record), and the
   * selfie review of any selfie analysed (the pipeline keeps a refused selfie's alone).
   */
  async keep(trx: Executor, verificationId: string, outcome: Outcome): Promise<void> {
    const at = isoAt(this.ctx.clock.now());
    const changes: { front?: string; back?: string; portrait?: Buffer; selfie?: string } = {};
    if (outcome.front !== undefined) {
      const { faceImage: _portrait, ...front } = outcome.front;
      changes.front = JSON.stringify(front);
    }
    if (outcome.back !== undefined) changes.back = JSON.stringify(outcome.back);
    if (outcome.portrait !== undefined) changes.portrait = outcome.portrait;
    if (outcome.selfie !== undefined) changes.selfie = JSON.stringify(outcome.selfie);
    await trx
      .insertInto('capture_analyses')
      .values({
        verification_id: verificationId,
        front: changes.front ?? null,
        back: changes.back ?? null,
        portrait: changes.portrait ?? null,
        selfie: changes.selfie ?? null,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('verification_id').doUpdateSet({ ...changes, updated_at: at }))
      .execute();
  }

  private async stored(verificationId: string) {
    return this.ctx.database.db
      .selectFrom('capture_analyses')
      .selectAll()
      .where('verification_id', '=', verificationId)
      .executeTakeFirst();
  }
}
