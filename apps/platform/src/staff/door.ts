import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { DocumentsService } from '../documents/service.js';
import type { LimitsService } from '../limits/service.js';
import { createStaffAccess } from '../players/staff-access.js';
import type { Secrets } from '../players/secrets.js';
import type { WalletService } from '../wallet/service.js';
import type { HistoryService } from '../wallet/history.js';
import type { PlayerGames } from '../games/player-games.js';
import { createCodeAdmin, type BonusService } from '../bonus/service.js';
import { createCatalogueOperator } from '../games/service.js';
import { offerRoutes } from './offer-routes.js';
import { createStaffMembers } from './members.js';
import { memberRoutes } from './member-routes.js';
import { createStaffReads } from './reads.js';
import { createInbox, type Mailer } from '../support/service.js';
import { supportRoutes } from './support-routes.js';
import { contentRoutes } from './content-routes.js';
import { createContentEditing, createStorefrontRevalidation } from '../content/service.js';
import { createStaffIdentityProvider, type StaffIdentityProvider } from './identity.js';
import { createWithdrawalReview } from '../payments/withdrawals-review.js';
import { createMarkers } from '../limits/service.js';
import { figuresRoutes } from './figures-routes.js';
import { kycRoutes } from './kyc-routes.js';
import { playerRecordsRoutes } from './player-records-routes.js';
import { proposalRoutes } from './proposal-routes.js';
import { createProposals } from './proposals.js';
import { staffRoutes } from './routes.js';
import { responsibleRoutes } from './responsible-routes.js';
import { createStaffService } from './service.js';
import { withdrawalRoutes } from './withdrawal-routes.js';

/**
 * The staff door's calls (docs/backoffice.md), wired over the other contexts' services: staff
 * identity and the trail (service.ts), the players context's staff access, four eyes (proposals.ts).
 */
export async function registerStaffDoor(
  door: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    clock: () => Date;
    idp?: StaffIdentityProvider;
    secrets: Secrets;
    wallet: WalletService;
    limits: LimitsService;
    documents: DocumentsService;
    endGameSessions: (playerId: string) => Promise<void>;
    /** The other contexts' reads of one player, for the player's page (player-records-routes.ts). */
    records: {
      history: Pick<HistoryService, 'transactions'>;
      rounds: Pick<PlayerGames, 'history'>;
      bonus: Pick<BonusService, 'grantsOf' | 'assertManualBonus' | 'grantOutsideCampaign' | 'hasOpenBonus'>;
    };
    /** The e-mail provider support's answers go through, and the dictionary their words come from. */
    mailer: Mailer;
    translate: (key: string) => Promise<string>;
    /** The platform's cached content reads, forgotten after a publish; the storefront told to read again (tests pass their own). */
    forgetContent: () => void;
    revalidateStorefront?: () => Promise<boolean>;
    /** The content context: whether a campaign page of a slug exists (a bonus code names its campaign). */
    campaignExists: (slug: string, runner: Pick<Db, 'select'>) => Promise<boolean>;
  },
) {
  const { db, config, clock, wallet } = deps;
  const staff = createStaffService({ db, config, clock, idp: deps.idp ?? createStaffIdentityProvider(config) });
  // Every answered read of a player's page or tab is kept (who looked, and when), before any route is registered.
  const reads = createStaffReads({ db, clock });
  reads.hook(door);
  const access = createStaffAccess({ db, secrets: deps.secrets, clock });
  const withdrawalReview = createWithdrawalReview({ db, config, clock, wallet });
  const members = createStaffMembers({ db, clock, staff });
  const editing = createContentEditing({ db, clock });
  const revalidate = deps.revalidateStorefront ?? createStorefrontRevalidation(config);
  const proposals = createProposals({
    db,
    config,
    clock,
    staff,
    wallet,
    access,
    withdrawalReview,
    members,
    limits: deps.limits,
    bonus: deps.records.bonus,
    settings: editing,
    // A protected setting approved: the platform's cached content forgotten, the storefront told.
    afterApproval: async (kind) => {
      if (kind !== 'protected_setting') return;
      deps.forgetContent();
      await revalidate();
    },
  });
  await door.register(staffRoutes, {
    db,
    staff,
    access,
    proposals,
    wallet,
    limits: deps.limits,
    documents: deps.documents,
    trail: staff.trail,
    endGameSessions: deps.endGameSessions,
  });
  await door.register(playerRecordsRoutes, { db, staff, access, reads, ...deps.records });
  await door.register(supportRoutes, {
    db,
    staff,
    access,
    inbox: createInbox({ db, clock, mailer: deps.mailer }),
    translate: deps.translate,
  });
  await door.register(contentRoutes, {
    db,
    staff,
    editing,
    webPublicUrl: config.WEB_PUBLIC_URL,
    revalidate,
    forget: deps.forgetContent,
  });
  const catalogue = createCatalogueOperator({ db });
  await door.register(offerRoutes, {
    db,
    staff,
    codes: createCodeAdmin({ db, clock, gamesInPlay: catalogue.inPlay, campaignExists: deps.campaignExists }),
    catalogue,
    clock,
    revalidate,
  });
  await door.register(proposalRoutes, { staff, proposals });
  await door.register(memberRoutes, { staff, members, proposals, settings: editing });
  await door.register(kycRoutes, { db, staff, access, documents: deps.documents });
  await door.register(figuresRoutes, { db, staff });
  await door.register(responsibleRoutes, { db, staff, access, markers: createMarkers({ db, clock }), clock });
  await door.register(withdrawalRoutes, { db, staff, access, documents: deps.documents, review: withdrawalReview, proposals });
}
