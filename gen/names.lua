-- Sorted key lists for messages ("allowed: a, b, c") and for deterministic iteration.
local M = {}

function M.keys(t)
  local ks = {}
  for k in pairs(t) do ks[#ks + 1] = k end
  table.sort(ks, function(a, b) return tostring(a) < tostring(b) end)
  return ks
end

function M.list(t)
  local ks = M.keys(t)
  for i, k in ipairs(ks) do ks[i] = tostring(k) end
  return table.concat(ks, ", ")
end

return M
