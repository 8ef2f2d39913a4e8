-- Runs one spec file as data: a restricted environment (no io, os, require, load,
-- dofile, debug, metatables, coroutines), text chunks only, and a VM-instruction and
-- memory budget enforced by a count hook on the spec's own coroutine (never a line hook:
-- in Lua 5.4 a line hook can starve the count hook).
--
-- The hook runs only between VM instructions, so work done inside one C library call is
-- invisible to it. Library functions that can loop or allocate without bound in C are
-- therefore wrapped (string.rep, string.format and table.concat check the size of their
-- result first; table.insert, remove, move and sort charge the elements they touch to the
-- instruction budget) or left out (string patterns can backtrack exponentially,
-- string.pack pads to gigabytes, string.dump). The hook fires on every instruction, so
-- `s = s .. s` cannot double more than once between two memory checks. Instructions that
-- copy long strings or many values (`..`, ==, ..., s:upper()) do unbounded work per
-- instruction, so a CPU-time limit backs up the instruction limit.
-- Code that runs inside the spec's coroutine (the hook, the wrappers, the constructors)
-- must call string functions as string.f(s), never s:f(): string methods resolve to the
-- spec's string table while a spec runs.
local M = {}

M.INSTRUCTION_LIMIT = 200000     -- every real spec needs fewer than 3000
M.TIME_LIMIT = 0.5               -- CPU seconds; the instruction limit takes about 0.07
M.MEMORY_LIMIT_KB = 16 * 1024    -- growth of the Lua heap while one spec runs
M.STRING_LIMIT = 4 * 1024 * 1024 -- longest result of a wrapped string function, in bytes
local MESSAGE_LIMIT = 1000       -- longest error message passed on, in bytes
local DEEP = 1000                -- a stack deeper than this when a limit trips is a runaway recursion
local SELF = debug.getinfo(1, "S").short_src

local SAFE_GLOBALS = { "assert", "error", "ipairs", "pairs", "next", "select", "tonumber",
                       "tostring", "type", "pcall", "rawequal", "rawlen" }
local STRING_FUNCS = { "byte", "char", "format", "len", "lower", "rep", "reverse", "sub", "upper" }

local sorted_keys = require("names").list

-- A copy of library `lib` (only `names` if given) whose missing fields are errors, not nil.
local function library(libname, lib, names, fail)
  local c = {}
  if names then for _, n in ipairs(names) do c[n] = lib[n] end
  else for k, v in pairs(lib) do c[k] = v end end
  return setmetatable(c, { __index = function(t, k)
    fail(string.format("%s.%s is not available to specs; allowed: %s", libname, tostring(k), sorted_keys(t)))
  end })
end

-- constructors: name -> function(tbl, line) called for `name { ... }` statements; helpers
-- likewise, but they return a value.
-- Returns nil on success, or an error message already prefixed with `path:line:`.
function M.run(path, source, constructors, helpers)
  if source:sub(1, 1) == "\27" then
    return path .. ":1: precompiled chunks are not accepted; a spec must be Lua source text"
  end

  -- `path:line:` of the innermost frame of the spec itself, in thread `co` or the running
  -- one, so that errors raised here or in a wrapper name the spec's line, not this file.
  local function where(co)
    local level = co and 0 or 1
    while true do
      local info
      if co then info = debug.getinfo(co, level, "Sl") else info = debug.getinfo(level, "Sl") end
      if not info then return path .. ":" end
      if info.source == "@" .. path and info.currentline > 0 then
        return path .. ":" .. info.currentline .. ":"
      end
      level = level + 1
    end
  end
  local function fail(msg) error(where() .. " " .. msg, 0) end

  local count, ticks, tripped = 0, 0, nil
  local base, start = collectgarbage("count"), os.clock()
  -- trip(limit, why) raises "<limit> exceeded; <why>", and again on every later instruction
  local function trip(limit, why)
    if not tripped then
      if debug.getinfo(DEEP, "l") then why = string.format("runaway recursion (more than %d calls deep)", DEEP) end
      tripped = limit .. " exceeded" .. (why and "; " .. why or "")
    end
    error(where() .. " " .. tripped, 0)
  end
  -- adds `n` instructions' worth of work that a C function does without the hook seeing it
  local function charge(n)
    count = count + n
    if count > M.INSTRUCTION_LIMIT then
      trip(string.format("instruction limit (%d)", M.INSTRUCTION_LIMIT), "specs must not loop forever")
    end
  end
  local function hook()
    if tripped then trip() end -- again on every instruction, so pcall loops cannot swallow it
    charge(1)
    if collectgarbage("count") - base > M.MEMORY_LIMIT_KB then
      trip(string.format("memory limit (%d MiB)", M.MEMORY_LIMIT_KB // 1024))
    end
    ticks = ticks + 1
    if ticks % 16 == 0 and os.clock() - start > M.TIME_LIMIT then -- os.clock is a system call: not every time
      trip(string.format("time limit (%g s of CPU)", M.TIME_LIMIT), "specs must not loop forever")
    end
  end

  local function size_of(v) return (type(v) == "string" or type(v) == "number") and #tostring(v) or 0 end
  local function check_size(what, n)
    if n > M.STRING_LIMIT then
      fail(string.format("%s would build a string of %.0f bytes; specs may build at most %d", what, n, M.STRING_LIMIT))
    end
  end

  local env = {}
  for _, name in ipairs(SAFE_GLOBALS) do env[name] = _G[name] end
  env.string = library("string", string, STRING_FUNCS, fail)
  env.math = library("math", math, nil, fail)
  env.math.random, env.math.randomseed = nil, nil
  env.table = library("table", table, nil, fail)
  env.utf8 = library("utf8", utf8, nil, fail)

  -- The library's own argument errors name the wrapper's line in this file; run() puts the
  -- spec's line in its place.
  function env.string.rep(s, n, sep)
    local k = math.tointeger(n)
    if k and k > 0 then
      check_size("string.rep", (size_of(s) + size_of(sep)) * (k + 0.0))
      -- the C loop runs k times even when the result is empty ("":rep(2^53) never returns)
      if k > M.STRING_LIMIT then
        fail(string.format("string.rep would repeat %d times; specs may repeat at most %d", k, M.STRING_LIMIT))
      end
    end
    return string.rep(s, n, sep)
  end
  function env.string.format(fmt, ...)
    if type(fmt) == "string" then
      -- %q at most quadruples a string; no other item is longer than 430 characters
      local q = string.find(fmt, "%q", 1, true) and 4 or 1
      local n, args = #fmt, { ... }
      for i = 1, select("#", ...) do n = n + (type(args[i]) == "string" and q * #args[i] + 2 or 430) end
      check_size("string.format", n)
    end
    return string.format(fmt, ...)
  end
  function env.table.concat(list, sep, i, j)
    if type(list) == "table" then
      local a, b = math.tointeger(i or 1), math.tointeger(j or #list)
      if a and b and b >= a then
        charge((b + 0.0) - a + 1)
        local n = (b - a) * size_of(sep)
        for x = a, b do n = n + size_of(list[x]) end
        check_size("table.concat", n)
      end
    end
    return table.concat(list, sep, i, j)
  end
  function env.table.insert(list, ...)
    local pos = math.tointeger((...))
    if type(list) == "table" and select("#", ...) == 2 and pos then charge(math.max(0, #list - pos)) end
    return table.insert(list, ...)
  end
  function env.table.remove(list, ...)
    local pos = select("#", ...) > 0 and math.tointeger((...))
    if type(list) == "table" and pos then charge(math.max(0, #list - pos)) end
    return table.remove(list, ...)
  end
  function env.table.move(a1, f, e, ...)
    local a, b = math.tointeger(f), math.tointeger(e)
    if a and b and b >= a then charge((b + 0.0) - a + 1) end
    return table.move(a1, f, e, ...)
  end
  function env.table.sort(list, ...)
    if type(list) == "table" then charge(#list * math.log(#list + 1, 2)) end
    return table.sort(list, ...)
  end

  local function one_table(name, t, ...)
    if type(t) ~= "table" or select("#", ...) > 0 then
      fail(string.format("%s expects one table: write %s { ... }", name, name))
    end
  end
  for name, fn in pairs(helpers or {}) do
    env[name] = function(t, ...)
      one_table(name, t, ...)
      return fn(t, debug.getinfo(2, "l").currentline)
    end
  end
  for name, fn in pairs(constructors) do
    env[name] = function(t, ...)
      one_table(name, t, ...)
      fn(t, debug.getinfo(2, "l").currentline)
    end
  end
  -- reading an undefined global is an error (a typo in a spec must not become nil)
  local allowed = sorted_keys(env)
  setmetatable(env, { __index = function(_, k)
    fail("unknown name '" .. tostring(k) .. "'; allowed: " .. allowed)
  end })

  local chunk, err = load(source, "@" .. path, "t", env)
  if not chunk then
    -- the parser's "C stack overflow" has no position and, under lua5.4's own error
    -- handler, a traceback
    err = string.gsub(err, "\nstack traceback:.*$", "")
    if err == "C stack overflow" then err = "the spec nests too deeply to parse (C stack overflow)" end
    if string.sub(err, 1, #path + 1) ~= path .. ":" then err = path .. ": " .. err end
    return err
  end

  local co = coroutine.create(chunk)
  debug.sethook(co, hook, "", 1)
  -- string methods ("x"):rep(n) must reach the spec's string table, not the real one
  local string_mt = getmetatable("")
  local real_index = string_mt.__index
  string_mt.__index = env.string
  local ok, resumed, msg = pcall(coroutine.resume, co)
  string_mt.__index = real_index
  if not ok then resumed, msg = false, resumed end
  if not resumed then
    if type(msg) ~= "string" and type(msg) ~= "number" then msg = "error raised with a " .. type(msg) .. " value" end
    msg = tostring(msg)
    if tripped and not string.find(msg, tripped, 1, true) then
      msg = tripped -- the spec caught the limit and raised something else
    end
    if string.sub(msg, 1, #SELF) == SELF then -- a library error raised in a wrapper
      msg = string.match(msg, "^:%d+: (.*)$", #SELF + 1) or msg
    end
    if string.sub(msg, 1, #path + 1) ~= path .. ":" then msg = where(co) .. " " .. msg end
    if #msg > MESSAGE_LIMIT then -- error() may be handed megabytes: keep the message readable
      msg = string.sub(msg, 1, MESSAGE_LIMIT) .. string.format("... (%d more bytes)", #msg - MESSAGE_LIMIT)
    end
    return msg
  end
  if coroutine.status(co) ~= "dead" then
    return path .. ": a spec must not yield"
  end
  return nil
end

return M
