import { formatCredits } from "@valoriza/domain";
import { BadgeCheck, CalendarDays, CircleCheck, Coins, Lock, RefreshCw, ShieldExclamationPoint } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { RequireSession } from "../../components/require-session.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { LoadingState } from "../../components/ui/spinner.tsx";
import { type Profile, useProfileQuery } from "../../lib/account.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import { BlocksSection } from "./BlocksSection.tsx";
import { DataSection } from "./DataSection.tsx";
import { USER_TYPE_LABELS } from "./labels.ts";
import { NotificationsSection } from "./NotificationsSection.tsx";
import { PasswordForm } from "./PasswordForm.tsx";
import { ProfileForm } from "./ProfileForm.tsx";
import { ReputationCard } from "./ReputationCard.tsx";

export function ProfilePage() {
  useDocumentTitle("Mi Cuenta");
  return (
    <RequireSession message="Debes iniciar sesión para ver y editar tu cuenta.">
      <ProfileContent />
    </RequireSession>
  );
}

function ProfileContent() {
  const profile = useProfileQuery();

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Mi Cuenta</h1>
        <p className="mt-1 text-slate-500">Administra tu información personal y la seguridad de tu cuenta.</p>
      </header>

      {profile.data ? (
        <>
          <AccountSummary profile={profile.data} />
          {/* Phones: reputation, profile, password; desktops: the profile form beside the other two. */}
          <div className="grid items-start gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
            <div className="min-w-0 lg:col-start-3 lg:row-start-1">
              <ReputationCard userId={profile.data._id} />
            </div>
            <div className="min-w-0 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
              <ProfileForm key={profile.data._id} profile={profile.data} />
            </div>
            <div className="min-w-0 lg:col-start-3 lg:row-start-2">
              <PasswordForm />
            </div>
          </div>
          <NotificationsSection />
          <BlocksSection />
          <DataSection profile={profile.data} />
        </>
      ) : profile.isError ? (
        <Alert title="No pudimos cargar tu cuenta">
          <p>{errorMessage(profile.error, "Failed to fetch profile")}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void profile.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Reintentar
          </Button>
        </Alert>
      ) : (
        <LoadingState label="Cargando tu cuenta…" />
      )}
    </div>
  );
}

function initials(profile: Profile): string {
  const letters = [profile.name, profile.apellido].map((part) => part.trim().charAt(0)).join("");
  return (letters || profile.email.charAt(0) || "?").toUpperCase();
}

function AccountSummary({ profile }: { profile: Profile }) {
  const fullName = [profile.name, profile.apellido].filter(Boolean).join(" ");
  const since = formatDate(profile.createdAt);
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center gap-4 p-5 sm:gap-5 sm:p-6">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center self-start rounded-2xl bg-gradient-to-br sm:size-16 sm:self-center from-emerald-500 to-teal-600 text-xl font-bold text-white shadow-md shadow-emerald-900/20"
        >
          {initials(profile)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-lg font-bold break-words text-slate-900">{fullName || profile.email}</p>
          <p className="text-sm break-all text-slate-500">{profile.email}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {profile.verified ? (
              <Badge tone="brand">
                <BadgeCheck aria-hidden="true" />
                Cuenta verificada
              </Badge>
            ) : (
              <>
                <Badge tone="warning">
                  <ShieldExclamationPoint aria-hidden="true" />
                  Sin verificar
                </Badge>
                <Link
                  to="/verificacion"
                  className="inline-flex min-h-6 items-center self-center text-xs font-semibold text-emerald-700 underline"
                >
                  Verificar mi identidad
                </Link>
              </>
            )}
            <Badge tone="neutral">{USER_TYPE_LABELS[profile.userType]}</Badge>
            {profile.isAdmin ? <Badge tone="info">Administrador</Badge> : null}
            {since ? (
              <Badge tone="neutral" className="whitespace-normal!">
                <CalendarDays aria-hidden="true" className="shrink-0" />
                Miembro desde {since}
              </Badge>
            ) : null}
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-3 divide-x divide-slate-100 border-t border-slate-100 bg-slate-50/60">
        <Stat icon={<CircleCheck className="size-5 text-emerald-600" />} label="Créditos disponibles">
          {formatCredits(profile.creditosDisponibles)}
        </Stat>
        <Stat icon={<Lock className="size-5 text-amber-600" />} label="Créditos bloqueados">
          {formatCredits(profile.creditosBloqueados)}
        </Stat>
        <Stat icon={<Coins className="size-5 text-teal-600" />} label="Créditos totales">
          {formatCredits(profile.credits)}
        </Stat>
      </dl>
    </Card>
  );
}

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // One name-value group of the list (dl > div > dt + dd); the value shows above its name.
  return (
    <div className="relative grid min-w-0 content-center px-3 py-4 sm:py-4 sm:pr-6 sm:pl-20">
      <dt className="row-start-2 text-xs leading-tight font-medium text-slate-500">
        <span
          aria-hidden="true"
          className="absolute top-1/2 left-6 flex size-10 -translate-y-1/2 items-center justify-center rounded-xl bg-white shadow-sm max-sm:hidden"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="row-start-1 text-xl font-bold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}
