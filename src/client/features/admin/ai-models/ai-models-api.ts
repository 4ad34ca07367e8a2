import { apiFetch } from "@client/lib/api";
import type {
  AiModelConfig,
  AiModelSettingsPatch,
  AiModelsOverview,
  ComparisonLeaderboard,
  CreateAiModel,
  UpdateAiModel,
} from "@shared/schemas/admin-ai-models";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export const aiModelKeys = {
  overview: ["admin", "ai-models"] as const,
  leaderboard: ["admin", "ai-models", "leaderboard"] as const,
};

const BASE = "/api/admin/ai-models";
const modelPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const aiModelsApi = {
  overview: () => apiFetch<AiModelsOverview>(BASE),
  leaderboard: () => apiFetch<ComparisonLeaderboard>(`${BASE}/leaderboard`),
  create: (body: CreateAiModel) => apiFetch<{ model: AiModelConfig }>(BASE, { body }).then((r) => r.model),
  update: (id: string, body: UpdateAiModel) =>
    apiFetch<{ model: AiModelConfig }>(modelPath(id), { method: "PATCH", body }).then((r) => r.model),
  remove: (id: string) => apiFetch<void>(modelPath(id), { method: "DELETE" }),
  settings: (body: AiModelSettingsPatch) => apiFetch<AiModelsOverview>(`${BASE}/settings`, { method: "PATCH", body }),
};

export function useAiModels() {
  return useQuery({ queryKey: aiModelKeys.overview, queryFn: aiModelsApi.overview });
}

export function useLeaderboard() {
  return useQuery({ queryKey: aiModelKeys.leaderboard, queryFn: aiModelsApi.leaderboard });
}

/**
 * A change to the configurations or the model settings: shown once the server confirms it (the
 * list is read again, since a change to one model can change which one answers first).
 */
function useModelsChange<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiModelKeys.overview, exact: true }),
  });
}

export const useCreateModel = () => useModelsChange(aiModelsApi.create);
export const useUpdateModel = () =>
  useModelsChange(({ id, body }: { id: string; body: UpdateAiModel }) => aiModelsApi.update(id, body));
export const useDeleteModel = () => useModelsChange((id: string) => aiModelsApi.remove(id));
/** The model settings: the server answers with the whole overview as now in force. */
export function useModelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: aiModelsApi.settings,
    onSuccess: (overview) => queryClient.setQueryData(aiModelKeys.overview, overview),
  });
}
