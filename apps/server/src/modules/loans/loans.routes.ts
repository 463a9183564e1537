import {
  assetSchema,
  createLoanSchema,
  errorResponseSchema,
  LOAN_MSG,
  lenderIdParamsSchema,
  loanIdParamsSchema,
  loanListResponseSchema,
  loanResponseSchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const lendableAssetsResponseSchema = z.object({ success: z.literal(true), data: z.array(assetSchema) });

import type { Db } from "../../db/client.ts";
import { currentUser } from "../../lib/auth.ts";
import { idempotentReply, type UnitOfWork } from "../../lib/idempotency.ts";
import type { LoanResult, LoansService } from "./loans.service.ts";

const security = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const idemHeader = z.looseObject({ "idempotency-key": z.string().optional() });
const answer = (message: string) => (r: LoanResult) => ({ success: true as const, message, data: r.loan });

type Step = (user: ReturnType<typeof currentUser>, id: string, uow: UnitOfWork<LoanResult>) => Promise<LoanResult>;

export const loansRoutes =
  (loans: LoansService, authenticate: onRequestAsyncHookHandler, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [path, role, summary] of [
      ["/loans/my-loans", "prestatario", "Mis préstamos (como prestatario)"],
      ["/loans/as-lender", "prestamista", "Préstamos como prestamista"],
    ] as const) {
      app.get(
        path,
        {
          onRequest: authenticate,
          schema: {
            tags: ["Préstamos"],
            summary,
            security,
            response: { 200: loanListResponseSchema, 401: errorResponseSchema },
          },
        },
        async (req) => loans.list(currentUser(req), role),
      );
    }

    app.get(
      "/loans/lender-assets/:id",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Préstamos"],
          summary: "Activos públicos de un prestamista publicados para préstamo y libres ahora",
          security,
          params: lenderIdParamsSchema,
          response: { 200: lendableAssetsResponseSchema, 401: errorResponseSchema },
        },
      },
      async (req) => loans.lendableAssets(req.params.id),
    );

    app.post(
      "/loans/create",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Préstamos"],
          summary: "Solicitar en préstamo un activo 'prestar' de un prestamista (yo soy el prestatario)",
          security,
          headers: idemHeader,
          body: createLoanSchema,
          response: { 201: loanResponseSchema, ...errors },
        },
      },
      (req, reply) =>
        idempotentReply(
          req,
          reply,
          {
            db,
            userId: currentUser(req).id,
            route: "POST /loans/create",
            status: 201,
            toBody: answer(LOAN_MSG.created),
          },
          (uow) => loans.create(currentUser(req), req.body, uow),
        ),
    );

    const steps: [string, string, string, Step][] = [
      [
        "approve",
        "Aprobar (prestamista): reserva el activo, bloquea la garantía y retiene el interés",
        LOAN_MSG.approved,
        loans.approve,
      ],
      [
        "confirm-return",
        "Confirmar la devolución (prestamista): libera la garantía y paga el interés",
        LOAN_MSG.returned,
        loans.confirmReturn,
      ],
      [
        "default",
        "Marcar como vencido (prestamista, solo después de la fecha de devolución): la garantía pasa al prestamista",
        LOAN_MSG.defaulted,
        loans.markDefault,
      ],
      ["reject", "Rechazar una solicitud pendiente (prestamista)", "Solicitud rechazada", loans.reject],
      ["cancel", "Cancelar mi solicitud pendiente (prestatario)", LOAN_MSG.cancelled, loans.cancel],
    ];
    for (const [name, summary, message, fn] of steps) {
      app.post(
        `/loans/${name}/:id`,
        {
          onRequest: authenticate,
          schema: {
            tags: ["Préstamos"],
            summary,
            security,
            headers: idemHeader,
            params: loanIdParamsSchema,
            response: { 200: loanResponseSchema, ...errors },
          },
        },
        (req, reply) =>
          idempotentReply(
            req,
            reply,
            {
              db,
              userId: currentUser(req).id,
              route: `POST /loans/${name}/${req.params.id}`,
              status: 200,
              toBody: answer(message),
            },
            (uow) => fn(currentUser(req), req.params.id, uow),
          ),
      );
    }
  };
