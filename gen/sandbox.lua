-- Runs one spec file as data: a restricted environment (no io, os, require, load,
-- dofile, debug, metatables, coroutines), text chunks only, and a VM-instruction and
-- memory budget enforced by a count hook on the spec's own coroutine (never a line hook:
-- in Lua 5.4 a line hook can starve the count hook).
local M = {}

M.INSTRUCTION_LIMIT = 10000000
M.MEMORY_LIMIT_KB = 64 * 1024
local HOOK_PERIOD = 1000

local function copy(t, drop)
  local c = {}
  for k, v in pairs(t) do if not (drop and drop[k]) then c[k] = v end end
  return c
end

local SAFE_GLOBALS = { "assert", "error", "ipairs", "pairs", "next", "select", "tonumber",
                       "tostring", "type", "pcall", "rawequal", "rawlen" }

-- constructors: name -> function(tbl, line) called for `name { ... }` statements.
-- Returns nil on success, or an error message already prefixed with `path:line:`.
function M.run(path, source, constructors, helpers)
  local env = {}
  for _, name in ipairs(SAFE_GLOBALS) do env[name] = _G[name] end
  env.string = copy(string, { dump = true })
  env.math = copy(math, { random = true, randomseed = true })
  env.table = copy(table)
  env.utf8 = copy(utf8)
  for name, fn in pairs(helpers or {}) do env[name] = function(t) return fn(t, debug.getinfo(2, "l").currentline) end end
  for name, fn in pairs(constructors) do
    env[name] = function(t, ...)
      local line = debug.getinfo(2, "l").currentline
      if type(t) ~= "table" or select("#", ...) > 0 then
        error(string.format("%s expects one table: write %s { ... }", name, name), 2)
      end
      fn(t, line)
    end
  end
  -- reading an undefined global is an error (a typo in a spec must not become nil)
  setmetatable(env, { __index = function(_, k)
    error("unknown name '" .. tostring(k) .. "' (specs may use only the constructors "
          .. "and the safe standard functions; io, os, require, load and dofile are not available)", 2)
  end })

  if source:sub(1, 1) == "\27" then
    return path .. ":1: precompiled chunks are not accepted; a spec must be Lua source text"
  end
  local chunk, err = load(source, "@" .. path, "t", env)
  if not chunk then return err end

  local co = coroutine.create(chunk)
  local count = 0
  local tripped
  local function hook()
    count = count + HOOK_PERIOD
    if tripped or count > M.INSTRUCTION_LIMIT then
      tripped = tripped or string.format("instruction limit (%d) exceeded; specs must not loop forever",
                                         M.INSTRUCTION_LIMIT)
      debug.sethook(co, hook, "", 1) -- fire on every instruction so pcall loops cannot swallow it
      error(tripped, 2)
    end
    if collectgarbage("count") > M.MEMORY_LIMIT_KB then
      tripped = string.format("memory limit (%d MiB) exceeded", M.MEMORY_LIMIT_KB // 1024)
      debug.sethook(co, hook, "", 1)
      error(tripped, 2)
    end
  end
  debug.sethook(co, hook, "", HOOK_PERIOD)
  local ok, msg = coroutine.resume(co)
  if not ok then
    msg = tostring(msg)
    if tripped and not msg:find(tripped, 1, true) then
      -- the error surfaced somewhere without position: name the file at least
      msg = path .. ": " .. tripped
    end
    if not msg:find("^" .. path:gsub("%p", "%%%0") .. ":") then msg = path .. ": " .. msg end
    return msg
  end
  if coroutine.status(co) ~= "dead" then
    return path .. ": a spec must not yield"
  end
  return nil
end

return M
