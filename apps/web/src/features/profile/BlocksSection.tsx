import { Ban, UserRound } from "lucide-react";
import { BlockPersonButton } from "../../components/block-person-button.tsx";
import { ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { useBlocks } from "../../lib/blocks.ts";
import { formatDate } from "../../lib/utils.ts";

/**
 * 'Personas bloqueadas' in /perfil (issue 19 part 4): the people I blocked, the newest first, each
 * with 'Desbloquear' (a confirmation first). Loading, error with 'Reintentar', and empty states.
 */
export function BlocksSection() {
  const blocks = useBlocks();
  const people = blocks.data ?? [];
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-red-50 text-red-700">
            <Ban aria-hidden="true" className="size-5" />
          </span>
          <CardTitle id="blocks-section-title">Personas bloqueadas</CardTitle>
        </div>
        <CardDescription className="mt-2">
          No pueden escribirte ni hacer operaciones contigo, y no ven tus publicaciones (tú tampoco las suyas). Las
          operaciones que ya tenían en curso siguen hasta terminar.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ListStates
          query={blocks}
          isEmpty={people.length === 0}
          loading={
            <ListSkeleton
              count={2}
              itemClassName="h-16 rounded-xl"
              className="flex flex-col gap-2"
              label="Cargando personas bloqueadas"
            />
          }
          errorTitle="No pudimos cargar las personas bloqueadas"
          empty="No has bloqueado a nadie. Puedes bloquear a alguien desde un chat o desde la página de uno de sus activos."
        >
          <ul
            aria-labelledby="blocks-section-title"
            className="flex flex-col divide-y divide-slate-100"
            data-testid="blocked-people"
          >
            {people.map((p) => {
              const name = [p.name, p.apellido].filter(Boolean).join(" ") || "Usuario de Valoriza";
              const since = formatDate(p.createdAt);
              return (
                <li key={p.id} className="flex items-start gap-3 py-3" data-testid="blocked-person">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                    <UserRound aria-hidden="true" className="size-5" />
                  </span>
                  {/* Phones: the button under the name; wider: beside it. */}
                  <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-slate-900">{name}</p>
                      {since ? <p className="text-sm text-slate-500">Bloqueada el {since}</p> : null}
                    </div>
                    <BlockPersonButton
                      personId={p.id}
                      name={name}
                      variant="outline"
                      className="self-start sm:self-auto"
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </ListStates>
      </CardContent>
    </Card>
  );
}
