-- Loads and validates every spec, then writes one normalised JSON document for the
-- renderer.  Usage: lua5.4 gen/spec2json.lua OUT.json DEPFILE SPECDIR [ISA.lua ...]
-- All errors are collected and printed as `file:line: what is wrong; allowed: ...`;
-- on any error nothing is written and the exit status is 1.
local here = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
local sandbox = require "sandbox"
local expr = require "expr"
local json = require "json"
local names = require "names"

local out_path, dep_path, spec_dir = arg[1], arg[2], arg[3]
if not spec_dir then
  io.stderr:write("usage: lua5.4 gen/spec2json.lua OUT.json DEPFILE SPECDIR [spec/isa/X.lua ...]\n")
  os.exit(2)
end
local isa_files = {}
for i = 4, #arg do isa_files[#isa_files + 1] = arg[i] end
table.sort(isa_files)

local errors = {}
local sources = {}      -- path -> array of lines
local read_files = {}

local function report(file, line, msg)
  errors[#errors + 1] = { file = file, line = line or 1, msg = msg }
end

local list, sorted_keys = names.list, names.keys
local function join(arr) return table.concat(arr, ", ") end
local function set(arr) local s = {} for _, v in ipairs(arr) do s[v] = true end return s end

-- Lines of a record's fields are found by scanning forward from the record's line. The scan
-- stops before the next record of the file: a field set outside its record (say through a
-- local function) must not be blamed on a later record that spells it out.
local record_lines = {} -- path -> lines where records start
local function record_end(rec)
  local last = #sources[rec.__file]
  for _, l in ipairs(record_lines[rec.__file] or {}) do
    if l > rec.__line and l <= last then last = l - 1 end
  end
  return last
end

-- The first line from `from` on, within the record, that has `pat` (a Lua pattern); else `from`.
local function find_line(rec, from, pat)
  local lines = sources[rec.__file]
  if not lines then return from end
  for l = from, record_end(rec) do
    if lines[l]:find(pat) then return l end
  end
  return from
end

-- The line of a nested field: the scan finds each key in turn.
local function locate(rec, keys)
  local line = rec.__line
  if not sources[rec.__file] then return line end
  for _, key in ipairs(keys) do
    line = find_line(rec, line, "%f[%w_]" .. tostring(key):gsub("%p", "%%%0") .. "%f[^%w_]")
  end
  return line
end

local function err_at(rec, keys, msg) report(rec.__file, locate(rec, keys), msg) end

-- A value as an error message shows it: tables have no stable address to print.
local function show(v)
  if type(v) == "string" or type(v) == "number" or type(v) == "boolean" then return tostring(v) end
  return "a " .. type(v)
end

-- Checks that `t` has only `allowed` fields and all `required` ones. `allowed` maps a field
-- to the type its value must have ("string", "table", "boolean"), or to anything else for
-- a value of any type.
local function fields(rec, t, keys, allowed, required, what)
  if type(t) ~= "table" then err_at(rec, keys, what .. " must be a table, got " .. show(t)); return false end
  local ok = true
  for k, v in pairs(t) do
    local path = { table.unpack(keys) }; path[#path + 1] = k
    if type(k) == "string" and k:sub(1, 2) == "__" then
    elseif not allowed[k] then
      err_at(rec, path, string.format("%s: unknown field '%s'; allowed: %s", what, show(k), list(allowed)))
      ok = false
    elseif type(allowed[k]) == "string" and type(v) ~= allowed[k] then
      err_at(rec, path, string.format("%s: field '%s' must be a %s, got %s", what, k, allowed[k], show(v)))
      ok = false
    end
  end
  for _, k in ipairs(required or {}) do
    if t[k] == nil then err_at(rec, keys, string.format("%s: missing field '%s'", what, k)); ok = false end
  end
  return ok
end

local function want(rec, keys, v, ty, what)
  if ty == "integer" then
    if math.type(v) ~= "integer" then err_at(rec, keys, what .. " must be an integer, got " .. tostring(v)); return false end
  elseif type(v) ~= ty then
    err_at(rec, keys, string.format("%s must be a %s, got %s", what, ty, type(v))); return false
  end
  return true
end

-- Names of dtypes, profiles, kinds, instructions and rules become parts of C names and file names.
local function want_name(rec, what)
  if type(rec.name) ~= "string" or rec.name:match("^[a-z0-9_]+$") then return true end
  err_at(rec, { "name" }, string.format("%s name '%s' must be lower-case letters, digits and _; allowed: [a-z0-9_]+ (it becomes part of C names)",
                                        what, rec.name))
  return false
end

local function want_list(rec, keys, v, allowed, what, allow_empty)
  if type(v) ~= "table" or #v == 0 and next(v) ~= nil then
    err_at(rec, keys, what .. " must be a list of names"); return false
  end
  if #v == 0 and not allow_empty then
    err_at(rec, keys, what .. " is empty; allowed: " .. join(allowed)); return false
  end
  local okset, seen, ok = set(allowed), {}, true
  for _, item in ipairs(v) do
    if not okset[item] then
      err_at(rec, keys, string.format("%s: unknown value '%s'; allowed: %s", what, show(item), join(allowed))); ok = false
    elseif seen[item] then
      err_at(rec, keys, string.format("%s: '%s' is listed twice", what, item)); ok = false
    end
    seen[item] = true
  end
  return ok
end

------------------------------------------------------------------------------------------
-- Loading

local records = { dtype = {}, family = {}, profile = {}, op = {}, param = {}, kind = {}, instruction = {} }

local function load_file(path, allowed_ctors)
  read_files[#read_files + 1] = path
  local fh = io.open(path, "rb")
  if not fh then report(path, 1, "cannot read the file"); return end
  local src = fh:read("a"); fh:close()
  local lines = {}
  for l in (src .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = l end
  sources[path] = lines
  local ctors = {}
  local function rule_ctor(t, line)
    t.__file, t.__line, t.__rule = path, line, true
    return t
  end
  for _, name in ipairs(allowed_ctors) do
    ctors[name] = function(t, line)
      t.__file, t.__line = path, line
      records[name][#records[name] + 1] = t
      record_lines[path] = record_lines[path] or {}
      table.insert(record_lines[path], line)
    end
  end
  -- `rule` returns its table so it can sit inside a list
  local e = sandbox.run(path, src, ctors, { rule = rule_ctor })
  if e then
    -- e is about `path`: `path:line: msg`, or `path: msg` when the line is unknown
    local line, msg = e:match("^:(%d+): (.*)$", #path + 1)
    if e:sub(1, #path + 1) == path .. ":" and line then report(path, tonumber(line), msg)
    else report(path, 1, (e:gsub("^" .. path:gsub("%p", "%%%0") .. ": ", ""))) end
  end
end

load_file(spec_dir .. "/dtypes.lua", { "dtype" })
load_file(spec_dir .. "/families.lua", { "family" })
load_file(spec_dir .. "/profiles.lua", { "profile" })
load_file(spec_dir .. "/ops.lua", { "op" })
load_file(spec_dir .. "/kinds.lua", { "param", "kind" })
for _, f in ipairs(isa_files) do
  local before, errs = #records.instruction, #errors
  load_file(f, { "instruction" })
  local defined = #records.instruction - before
  if defined > 1 then
    report(f, records.instruction[before + 2].__line, "a second instruction in one file; spec/isa/<name>.lua holds exactly one")
  elseif defined == 0 and #errors == errs then -- a file that failed to run has said why already
    report(f, 1, "defines no instruction; spec/isa/<name>.lua holds exactly one `instruction { ... }`")
  end
end

------------------------------------------------------------------------------------------
-- dtypes

-- A dtype, profile or kind defined with errors is still a known name where other specs use
-- it: its own errors are reported, and "unknown" at every use would be wrong.
local function defined_names(recs)
  local names, seen = {}, {}
  for _, r in ipairs(recs) do
    if type(r.name) == "string" and not seen[r.name] then seen[r.name] = true; names[#names + 1] = r.name end
  end
  return names
end

local DT = {}           -- name -> normalised dtype
local DT_AT = {}        -- name -> "file:line" of its definition
local dtype_names = {}
local CLASSES = { "float", "signed", "unsigned" }
for _, r in ipairs(records.dtype) do
  if fields(r, r, {}, set { "name", "enum", "class", "bits", "exponent_bits", "fraction_bits", "upstream", "finite",
                            "conversion_only" },
            { "name", "enum", "class", "bits" }, "dtype") then
    local ok = want(r, { "name" }, r.name, "string", "dtype name") and want(r, { "bits" }, r.bits, "integer", "bits")
    ok = want_name(r, "dtype") and ok
    if ok and not ({ [8] = true, [16] = true, [32] = true, [64] = true })[r.bits] then
      err_at(r, { "bits" }, "bits must be 8, 16, 32 or 64, got " .. r.bits); ok = false
    end
    for _, flag in ipairs({ "finite", "conversion_only" }) do
      if r[flag] ~= nil and type(r[flag]) ~= "boolean" then err_at(r, { flag }, flag .. " must be true or false"); ok = false end
    end
    if r.finite and r.class ~= "float" then
      err_at(r, { "finite" }, "only float dtypes may be finite (no infinity)"); ok = false
    end
    if not set(CLASSES)[r.class] then
      err_at(r, { "class" }, string.format("unknown class '%s'; allowed: %s", tostring(r.class), join(CLASSES))); ok = false
    end
    if r.class == "float" then
      if math.type(r.exponent_bits) ~= "integer" or math.type(r.fraction_bits) ~= "integer"
         or r.exponent_bits + r.fraction_bits + 1 ~= r.bits then
        err_at(r, { "class" }, "a float dtype needs integer exponent_bits and fraction_bits with 1 + exponent_bits + fraction_bits == bits")
        ok = false
      end
    elseif r.exponent_bits or r.fraction_bits then
      err_at(r, { "exponent_bits" }, "only float dtypes have exponent_bits and fraction_bits"); ok = false
    end
    if ok and DT[r.name] then err_at(r, { "name" }, "dtype '" .. r.name .. "' is defined twice"); ok = false end
    if ok then
      DT[r.name] = { name = r.name, enum = r.enum, class = r.class, bits = r.bits, bytes = r.bits // 8,
                     exponent_bits = r.exponent_bits, fraction_bits = r.fraction_bits, upstream = r.upstream or r.name,
                     finite = r.finite or false, conversion_only = r.conversion_only or false }
      DT_AT[r.name] = string.format("%s:%d", r.__file, r.__line)
      dtype_names[#dtype_names + 1] = r.name
    end
  end
end
if #records.dtype == 0 then report(spec_dir .. "/dtypes.lua", 1, "no dtype is defined") end

------------------------------------------------------------------------------------------
-- families

-- Each family lists its instructions, planned ones too: "name", "name(operand, ...)" (its one
-- planned entry point) or a list of entry points, the first named like the instruction and the
-- others with a suffix ({ "tdivs(dst, src, scalar)", "tdivs_rev(dst, scalar, src)" }).
local FAMILIES, family_names = {}, {}
local LISTED = {} -- instruction name -> { family = <name>, file = <spec/families.lua>, line = <its item's line> }
local ITEM_FORMS = 'allowed: "name", "name(operand, ...)" or { "name(...)", "name_suffix(...)", ... }'

-- An entry point as written in a plan: its name and its text with single spaces, or nil.
local function entry_point(s)
  local name, args = s:match("^%s*([a-z][a-z0-9_]*)%s*%((.*)%)%s*$")
  if not name then return nil end
  local params = {}
  for a in (args .. ","):gmatch("([^,]*),") do
    local words = {}
    for w in a:gmatch("%S+") do words[#words + 1] = w end
    if #words < 1 or #words > 2 then return nil end
    for _, w in ipairs(words) do if not w:match("^[a-z_][a-z0-9_]*$") then return nil end end
    params[#params + 1] = table.concat(words, " ")
  end
  return name, name .. "(" .. join(params) .. ")"
end

-- One item of a family's list: { name, entries (nil when not planned yet) }, or nil and why.
local function family_item(item)
  if type(item) == "string" then
    local bare = item:match("^%s*([a-z][a-z0-9_]*)%s*$")
    if bare then return { name = bare } end
    local name, text = entry_point(item)
    if name then return { name = name, entries = { text } } end
    return nil, string.format("'%s' is neither an instruction name nor an entry point", item)
  elseif type(item) == "table" and #item > 0 and #sorted_keys(item) == #item then
    local first, entries = nil, {}
    for _, s in ipairs(item) do
      local name, text
      if type(s) == "string" then name, text = entry_point(s) end
      if not name then return nil, string.format("'%s' in a list of entry points is not an entry point", show(s)) end
      if not first then first = name
      elseif name:sub(1, #first + 1) ~= first .. "_" then
        return nil, string.format("entry point '%s' is not named like its instruction '%s' (%s_<suffix>)", name, first, first)
      end
      entries[#entries + 1] = text
    end
    return { name = first, entries = entries }
  end
  return nil, "an item must be a string or a non-empty list of strings, got " .. show(item)
end

for _, r in ipairs(records.family) do
  if fields(r, r, {}, { name = "string", title = "string", instructions = "table" }, { "name", "title", "instructions" }, "family") then
    local ok = true
    if not r.name:match("^[a-z][a-z-]*$") then
      err_at(r, { "name" }, string.format("family name '%s' must be lower-case letters and '-'; allowed: [a-z-]+", r.name)); ok = false
    end
    local twice = FAMILIES[r.name] ~= nil -- its list is not judged against the first one's
    if twice then err_at(r, { "name" }, "family '" .. r.name .. "' is defined twice"); ok = false end
    local list_line = locate(r, { "instructions" })
    local f = { name = r.name, title = r.title, instructions = {}, file = r.__file, line = r.__line, by_name = {} }
    if #r.instructions == 0 or #sorted_keys(r.instructions) ~= #r.instructions then
      err_at(r, { "instructions" }, "family " .. r.name .. ": instructions must be a non-empty list; " .. ITEM_FORMS); ok = false
    end
    local line = list_line
    for _, item in ipairs(twice and {} or r.instructions) do
      local it, why = family_item(item)
      local first = type(item) == "table" and item[1] or item
      if type(first) == "string" then -- the line of the item: the next one from the previous item's
        line = find_line(r, line, '"%s*' .. (first:match("^%s*([a-z][a-z0-9_]*)") or first):gsub("%p", "%%%0") .. "%f[^%w_]")
      end
      if not it then
        report(r.__file, line, string.format("family %s: %s; %s", r.name, why, ITEM_FORMS)); ok = false
      else
        it.line = line
        local seen = LISTED[it.name]
        if seen and seen.family == r.name then
          report(r.__file, line, string.format("family %s lists '%s' twice (first at %s:%d); allowed: each instruction once",
                                               r.name, it.name, seen.file, seen.line)); ok = false
        elseif seen then
          report(r.__file, line, string.format("family %s lists '%s', which family %s lists (%s:%d); allowed: one family per instruction",
                                               r.name, it.name, seen.family, seen.file, seen.line)); ok = false
        else
          LISTED[it.name] = { family = r.name, file = r.__file, line = line }
          f.by_name[it.name] = it
          f.instructions[#f.instructions + 1] = it
        end
      end
    end
    if ok then
      FAMILIES[r.name] = f
      family_names[#family_names + 1] = r.name
    end
  end
end
if #records.family == 0 then report(spec_dir .. "/families.lua", 1, "no family is defined") end

------------------------------------------------------------------------------------------
-- profiles

local QUESTIONS = {
  float_rounding = { "nearest_even" }, subnormals = { "preserved" }, float_division_by_zero = { "ieee" },
  minmax_nan = { "propagate" }, minmax_signed_zero = { "ordered" }, argmax_ties = { "lowest_index" },
  argmax_nan = { "first_nan_wins" }, argmin_ties = { "lowest_index" }, argmin_nan = { "first_nan_wins" },
  integer_division = { "truncate" }, integer_division_by_zero = { "all_ones" },
  integer_division_overflow = { "wrap" }, integer_add_sub = { "wrap" }, nan_payload = { "any" },
}
-- Tile locations, in the order of pto_loc (gen/layouts.py LOCS)
local LOCS = { "VEC", "MAT", "LEFT", "RIGHT", "ACC", "BIAS" }
local MACHINE = { "repeat_bytes", "block_bytes", "max_repeat", "max_repeat_stride", "ub_bytes",
                  "reserved_scratch_bytes", "vector_bytes", "data_align_bytes" }
-- isa = { <instruction> = { <dtype>, ... }, ... }: which dtypes each vector instruction accepts
-- (the names are checked against the lowerings of spec/ops.lua below).
local function check_isa(r, isa)
  local ok = true
  for op, dts in pairs(isa) do
    ok = want_list(r, { "isa", op }, dts, defined_names(records.dtype), "isa." .. tostring(op)) and ok
  end
  return ok
end

local PROFILES, profile_names = {}, {}
for _, r in ipairs(records.profile) do
  if fields(r, r, {}, { name = "string", title = "string", kernels = "boolean", machine = "table",
                        semantics = "table", accepts = "table", isa = "table", eq_only = "table", buffers = "table" },
            { "name", "title", "kernels", "machine", "semantics", "buffers" }, "profile") then
    local p = { name = r.name, title = r.title, kernels = r.kernels, machine = {}, semantics = {}, accepts = r.accepts or {},
                buffers = {},
                isa = r.isa or {}, eq_only = r.eq_only or {}, file = r.__file, line = r.__line, __rec = r }
    local ok = want(r, { "name" }, r.name, "string", "profile name") and want(r, { "kernels" }, r.kernels, "boolean", "kernels")
    ok = want_name(r, "profile") and ok
    if type(r.isa) == "table" then ok = check_isa(r, r.isa) and ok end
    if type(r.eq_only) == "table" then ok = want_list(r, { "eq_only" }, r.eq_only, defined_names(records.dtype), "eq_only") and ok end
    if fields(r, r.machine, { "machine" }, set(MACHINE), MACHINE, "machine") then
      for _, k in ipairs(MACHINE) do
        if want(r, { "machine", k }, r.machine[k], "integer", "machine." .. k) then
          if r.machine[k] < 0 then err_at(r, { "machine", k }, "machine." .. k .. " must not be negative"); ok = false end
          p.machine[k] = r.machine[k]
        else ok = false end
      end
      local bb = r.machine.block_bytes
      if math.type(bb) == "integer" and (bb <= 0 or bb & (bb - 1) ~= 0) then
        err_at(r, { "machine", "block_bytes" }, "block_bytes must be a power of two"); ok = false
      end
    else ok = false end
    -- buffers = { <location> = { bytes = <capacity>, align = <bytes> } }: every location of LOCS
    if fields(r, r.buffers, { "buffers" }, set(LOCS), LOCS, "buffers") then
      for _, l in ipairs(LOCS) do
        local b = r.buffers[l]
        if fields(r, b, { "buffers", l }, { bytes = "number", align = "number" }, { "bytes", "align" }, "buffers." .. l) then
          for _, f in ipairs({ "bytes", "align" }) do
            if math.type(b[f]) ~= "integer" or b[f] < 0 then
              err_at(r, { "buffers", l }, string.format("buffers.%s.%s must be a whole number >= 0", l, f)); ok = false
            end
          end
          if math.type(b.align) == "integer" and b.align > 0 and b.align & (b.align - 1) ~= 0 then
            err_at(r, { "buffers", l }, string.format("buffers.%s.align must be a power of two (or 0: an element's natural alignment)", l)); ok = false
          end
          p.buffers[l] = { bytes = b.bytes, align = b.align }
        else ok = false end
      end
      local vec = r.buffers.VEC
      local m = type(r.machine) == "table" and r.machine or {}
      if type(vec) == "table" and math.type(m.ub_bytes) == "integer" and math.type(m.data_align_bytes) == "integer"
         and (vec.bytes ~= m.ub_bytes or vec.align ~= m.data_align_bytes) then -- (a broken machine has said so)
        err_at(r, { "buffers", "VEC" }, "buffers.VEC must be the unified buffer: bytes = machine.ub_bytes, align = machine.data_align_bytes"); ok = false
      end
    else ok = false end
    if fields(r, r.semantics, { "semantics" }, QUESTIONS, sorted_keys(QUESTIONS), "semantics") then
      for _, q in ipairs(sorted_keys(QUESTIONS)) do
        local a = r.semantics[q]
        if not set(QUESTIONS[q])[a] then
          err_at(r, { "semantics", q }, string.format(
            "semantics.%s = '%s' is not implemented by the generator; allowed: %s", q, tostring(a), join(QUESTIONS[q])))
          ok = false
        end
        p.semantics[q] = a
      end
    else ok = false end
    if ok and PROFILES[r.name] then err_at(r, { "name" }, "profile '" .. r.name .. "' is defined twice"); ok = false end
    if ok then PROFILES[r.name] = p; profile_names[#profile_names + 1] = r.name end
  end
end
local base_profiles = {} -- including those defined with errors (see defined_names)
for _, r in ipairs(records.profile) do
  local name = r.name
  if type(name) == "string" and not set(base_profiles)[name] then
    local accepts = PROFILES[name] and PROFILES[name].accepts or r.accepts
    if type(accepts) ~= "table" or #accepts == 0 then base_profiles[#base_profiles + 1] = name end
  end
end
for _, name in ipairs(profile_names) do
  local p = PROFILES[name]
  if #p.accepts > 0 then
    local others = {}
    for _, o in ipairs(base_profiles) do if o ~= name then others[#others + 1] = o end end
    want_list(p.__rec, { "accepts" }, p.accepts, others, "accepts")
  end
end

------------------------------------------------------------------------------------------
-- element operations (spec/ops.lua)

local OP_FIELDS = { name = "string", symbol = "string", arity = "number", classes = "table", commutative = "boolean",
                    reduce = "boolean", summary = "string", lower = "table", per_format = "boolean", fast = "boolean",
                    fold = "string", bits = "boolean" }
local SYMBOLS = { "+", "-", "*", "/", "<<", ">>", "&", "|", "^", "~" }
local PREFIX = { ["-"] = true, ["~"] = true } -- the symbols a one-operand operation may have
local LOWER_FIELDS = { vector = "string", scalar = "string", scalar_unit = "boolean", count = "string", fold = "string",
                       unary = "table", select = "string" }
local COUNTS = { "zero", "sign" } -- what a shift by a count of the width or more gives (lower.count)
local OPS, op_names = {}, {}
local op_symbols = {}   -- "<symbol>/<arity>" -> op name
for _, r in ipairs(records.op) do
  if fields(r, r, {}, OP_FIELDS, { "name", "arity", "classes", "summary", "lower" }, "op") then
    local ok = want_name(r, "operation")
    if r.arity ~= 1 and r.arity ~= 2 then err_at(r, { "arity" }, "arity must be 1 or 2, got " .. show(r.arity)); ok = false end
    ok = want_list(r, { "classes" }, r.classes, CLASSES, "classes") and ok
    if r.symbol ~= nil then
      if not set(SYMBOLS)[r.symbol] then
        err_at(r, { "symbol" }, string.format("unknown symbol '%s'; allowed: %s", r.symbol, join(SYMBOLS))); ok = false
      elseif (r.arity == 1 and not PREFIX[r.symbol]) or (r.arity == 2 and r.symbol == "~") then
        err_at(r, { "symbol" }, "a one-operand operation is written with a prefix symbol ('-', '~') or as a call, and '~' "
                                .. "takes one operand"); ok = false
      elseif op_symbols[r.symbol .. "/" .. tostring(r.arity)] then
        err_at(r, { "symbol" }, string.format("symbol '%s' with %d operand(s) is already operation '%s'", r.symbol, r.arity,
                                              op_symbols[r.symbol .. "/" .. tostring(r.arity)])); ok = false
      end
    end
    if r.reduce and (r.arity ~= 1 or r.symbol) then err_at(r, { "reduce" }, "a reduction takes one operand and has no symbol"); ok = false end
    local fold = r.fold -- <fold>(src): the row reduction by this operation (kinds with reduce = "value")
    if fold ~= nil and (r.arity ~= 2 or r.reduce) then
      err_at(r, { "fold" }, "fold: only an operation of two operands folds a row; allowed: fold on arity = 2 operations"); fold = nil
    elseif fold ~= nil and not fold:match("^[a-z][a-z0-9_]*$") then
      err_at(r, { "fold" }, string.format("fold: '%s' is not a name; allowed: [a-z][a-z0-9_]* (math calls it)", fold)); fold = nil
    end
    if ok and OPS[r.name] then err_at(r, { "name" }, "operation '" .. r.name .. "' is defined twice"); ok = false end
    if ok then
      OPS[r.name] = { name = r.name, symbol = r.symbol, arity = r.arity, classes = r.classes, commutative = r.commutative or false,
                      reduce = r.reduce or false, per_format = r.per_format or false, fast = r.fast or false, bits = r.bits or false,
                      fold = fold, summary = r.summary, lower = {}, file = r.__file, line = r.__line, __rec = r }
      op_names[#op_names + 1] = r.name
      if r.symbol then op_symbols[r.symbol .. "/" .. tostring(r.arity)] = r.name end
    end
  end
end
if #records.op == 0 then report(spec_dir .. "/ops.lua", 1, "no operation is defined") end

-- Folds: the row reductions of a value, by name (fold = "<name>" on a two-operand operation).
-- A name is one operation's fold, and no other operation's name (max folds to max).
local FOLDS = {} -- fold name -> the operation it folds
for _, n in ipairs(op_names) do
  local o = OPS[n]
  if o.fold then
    local other = OPS[o.fold]
    if FOLDS[o.fold] then
      err_at(o.__rec, { "fold" }, string.format("fold: '%s' is already the fold of '%s'; allowed: one operation per fold name", o.fold, FOLDS[o.fold]))
    elseif other and other ~= o then
      err_at(o.__rec, { "fold" }, string.format("fold: '%s' is the name of another operation; allowed: a new name or the operation's own", o.fold))
    else FOLDS[o.fold] = n end
  end
end

-- The math functions: every operation without a symbol; reductions only as the whole math:
-- reduce = "index" (argmax, argmin: the position they select) or "value" (the folds).
local function math_funcs(reduce)
  local funcs = {}
  if reduce == "value" then
    for fold, n in pairs(FOLDS) do funcs[fold] = { arity = 1, arg = "value", result = "row", root_only = true, fold_of = n } end
    return funcs
  end
  for _, n in ipairs(op_names) do
    local o = OPS[n]
    if not o.symbol and o.reduce == (reduce == "index") then
      funcs[n] = { arity = o.arity, arg = "value", result = reduce and "index" or "value", root_only = reduce and true or nil }
    end
  end
  return funcs
end

-- A math AST with operators rewritten as calls of their operations: {op = "call", fn = <op>}.
local function as_calls(ast)
  if ast.op == "ref" then return ast end
  local args = {}
  for i, a in ipairs(ast.args or {}) do args[i] = as_calls(a) end
  if ast.op == "call" then return { op = "call", fn = ast.fn, args = args } end
  local sym = ast.op == "neg" and "-" or ast.op
  return { op = "call", fn = op_symbols[sym .. "/" .. tostring(#args)], args = args }
end

-- The operators the math may use: those of the table (an operator without a row is an error).
local function check_operators(ast)
  if ast.op == "ref" or ast.op == "num" then return nil end
  if ast.op == "neg" or set(SYMBOLS)[ast.op] then -- the type check reports what math never allows
    local sym = ast.op == "neg" and "-" or ast.op
    local arity = #(ast.args or {})
    if not op_symbols[sym .. "/" .. tostring(arity)] then
      local have = {}
      for _, k in ipairs(sorted_keys(op_symbols)) do have[#have + 1] = k:gsub("/1$", " (prefix)"):gsub("/2$", "") end
      return string.format("operator '%s' is not an operation of spec/ops.lua; allowed: %s", sym, join(have))
    end
  end
  for _, a in ipairs(ast.args or {}) do
    local e = check_operators(a)
    if e then return e end
  end
end

-- Operation names a math AST (as calls) uses, sorted.
local function ops_used(ast, acc)
  acc = acc or {}
  if ast.op == "call" then acc[ast.fn] = true end
  for _, a in ipairs(ast.args or {}) do ops_used(a, acc) end
  return acc
end

-- lower = { <profile> = { vector, scalar, scalar_unit, unary } }: instructions of that profile's isa, a
-- broadcast ("dup"), or a rewrite over a and b in the math language.
local isa_lowered = {}  -- profile -> instruction -> true
local isa_named = {}    -- profile -> instruction names the lowerings give (a plain name, not "dup")
for _, n in ipairs(op_names) do
  local o = OPS[n]
  local r = o.__rec
  for pname, L in pairs(r.lower) do
    if type(L) == "table" then
      isa_named[pname] = isa_named[pname] or {}
      for _, v in pairs({ L.vector or false, L.scalar or false, L.fold or false, L.select or false }) do -- any may be absent
        if type(v) == "string" and v:match("^[%a_][%w_]*$") and v ~= "dup" then isa_named[pname][v] = true end
      end
    end
    local keys = { "lower", pname }
    local P = PROFILES[pname]
    if not P and set(defined_names(records.profile))[pname] then -- its own errors are reported
    elseif not P or next(P.isa) == nil then
      local with_isa = {}
      for _, q in ipairs(profile_names) do if next(PROFILES[q].isa) then with_isa[#with_isa + 1] = q end end
      err_at(r, keys, string.format("lower: unknown profile '%s'; allowed: %s (profiles with an isa)", show(pname), join(with_isa)))
    elseif fields(r, L, keys, LOWER_FIELDS, {}, "lower." .. pname) then
      local norm = { vector = L.vector, scalar_unit = L.scalar_unit or false, count = L.count, fold = L.fold, select = L.select }
      if L.count and not set(COUNTS)[L.count] then
        err_at(r, { "lower", pname, "count" }, string.format("lower.%s.count: unknown value '%s'; allowed: %s", pname, L.count, join(COUNTS)))
      end
      isa_lowered[pname] = isa_lowered[pname] or {}
      local function want_instr(field, instr)
        if P.isa[instr] then isa_lowered[pname][instr] = true; return true end
        err_at(r, { "lower", pname, field }, string.format("lower.%s.%s: '%s' is not in profile %s's isa; allowed: %s",
                                                        pname, field, instr, pname, join(sorted_keys(P.isa))))
        return false
      end
      -- a rewrite over a and b (math), or an instruction
      local function rewrite(field, text)
        local ast, e = expr.parse(text)
        if ast then e = check_operators(ast) end
        if ast and not e then
          local _, te = expr.check(ast, { kind = "math", values = set { "a", "b" }, funcs = math_funcs(false) })
          e = te
        end
        if e then
          err_at(r, { "lower", pname, field }, string.format(
            "lower.%s.%s: '%s' is neither an instruction of %s's isa%s nor a rewrite (%s); allowed: %s%s, or math over a and b",
            pname, field, text, pname, field == "scalar" and ", \"dup\"" or "", e, join(sorted_keys(P.isa)),
            field == "scalar" and ", \"dup\"" or ""))
          return nil
        end
        return { rewrite = as_calls(ast), text = text }
      end
      if L.select then want_instr("select", L.select) end
      if L.vector and (P.isa[L.vector] or L.vector:match("^[%a_][%w_]*$")) then want_instr("vector", L.vector)
      elseif L.vector then norm.vector, norm.vector_rewrite = nil, rewrite("vector", L.vector) end
      -- unary = { <class> = { instruction, constant } }: a scalar instruction with a constant
      for cls, u in pairs(L.unary or {}) do
        local at = { "lower", pname, "unary", cls }
        if not set(CLASSES)[cls] then
          err_at(r, at, string.format("lower.%s.unary: unknown class '%s'; allowed: %s", pname, show(cls), join(CLASSES)))
        elseif type(u) ~= "table" or type(u[1]) ~= "string" or not (math.type(u[2]) == "integer" or u[2] == "sign") then
          err_at(r, at, string.format("lower.%s.unary.%s: expected { \"<instruction>\", <integer or \"sign\"> }", pname, cls))
        elseif cls == "float" and u[2] ~= "sign" and u[2] ~= 0 then
          err_at(r, at, string.format("lower.%s.unary.float: constant %s; allowed: 0 (+0) or \"sign\"", pname, show(u[2])))
        elseif want_instr("unary", u[1]) then
          norm.unary = norm.unary or {}
          norm.unary[cls] = { instr = u[1], const = u[2] }
        end
        if type(u) == "table" and type(u[1]) == "string" then isa_named[pname][u[1]] = true end
      end
      if L.fold then -- the register's reduction: the lanes fold across chunks by the vector instruction first
        if not o.fold then err_at(r, { "lower", pname, "fold" }, "lower." .. pname .. ".fold: operation " .. n .. " has no fold (fold = \"<name>\")")
        elseif not L.vector then err_at(r, { "lower", pname, "fold" }, "lower." .. pname .. ".fold needs a vector instruction (the lanes fold across chunks with it)")
        else want_instr("fold", L.fold) end
      end
      if L.scalar == "dup" then
        norm.scalar = { dup = true }
        if not L.vector then err_at(r, { "lower", pname, "scalar" }, "lower." .. pname .. ".scalar = \"dup\" needs a vector instruction") end
      elseif L.scalar and P.isa[L.scalar] then
        want_instr("scalar", L.scalar); norm.scalar = { instr = L.scalar }
      elseif L.scalar then
        norm.scalar = rewrite("scalar", L.scalar)
      end
      o.lower[pname] = norm
    end
  end
end
-- Every instruction of a profile's isa is the lowering of some operation (the simulators
-- implement exactly those, plus their data moves).
for _, pname in ipairs(profile_names) do
  local P = PROFILES[pname]
  for _, instr in ipairs(sorted_keys(P.isa)) do
    if not (isa_lowered[pname] or {})[instr] then
      err_at(P.__rec, { "isa", instr }, string.format("isa: instruction '%s' lowers no operation of spec/ops.lua; allowed: %s",
                                                     instr, join(sorted_keys(isa_named[pname] or {}))))
    end
  end
end
for _, n in ipairs(op_names) do OPS[n].__rec = nil end

------------------------------------------------------------------------------------------
-- kinds and rules

-- loc: the tile's pto_loc, compared with the constants VEC, MAT, LEFT, RIGHT, ACC, BIAS (a rule of the moves
-- between locations, status "loc"); box_rows, box_cols: its box (1 x 1 unboxed; gen/layouts.py)
local ATTRS = { "rows", "cols", "valid_rows", "valid_cols", "elem_bytes", "bytes", "block_elems", "repeat_elems", "loc",
                "box_rows", "box_cols" }
local STATIC_ATTRS = set { "elem_bytes", "block_elems", "repeat_elems" }
local STATUSES = { "loc", "shape", "valid", "tmp", "dtype", "layout", "align", "placement", "alias", "param" }
local RULE_FUNCS = {
  ceildiv = { arity = 2, arg = "int", result = "int" }, roundup = { arity = 2, arg = "int", result = "int" },
  max = { arity = 2, arg = "int", result = "int" }, min = { arity = 2, arg = "int", result = "int" },
}
-- Layout names; gen/layouts.py holds each one's (blayout, slayout) and index map (tests/gen check the two agree)
local LAYOUTS = { "ND", "DN", "Nz", "Zn", "Zz" }
-- The names a rule may read besides tiles: machine parameters and the locations
local RULE_NAMES = set(MACHINE)
for _, l in ipairs(LOCS) do RULE_NAMES[l] = true end
-- A global tensor's layouts (pto_gm_layout, gen/layouts.py GM_LAYOUTS): a gm operand takes these.
local GM_LAYOUTS = { "ND", "DN", "NZ" }

local function ast_names(ast, acc)
  acc = acc or {}
  if ast.op == "ref" then acc[#acc + 1] = ast end
  for _, a in ipairs(ast.args or {}) do ast_names(a, acc) end
  return acc
end

-- What a `when` may name: the kind's axes (an empty list would read as a bug) and operand conditions.
local function when_keys(scope)
  if next(scope.axes) == nil then return "<operand>.layout, <operand>.elem_bytes (kind " .. scope.kind .. " has no axes)" end
  return list(scope.axes) .. ", <operand>.layout, <operand>.elem_bytes"
end

-- A rules list as written: rules, and lists of rules (what a helper in a spec file returns: a
-- list, so that a call anywhere in the constructor keeps all its rules, where several return
-- values would be cut to the first), in order. A hole (a helper that returned nothing) is an
-- error at the owner's line: a walk by ipairs would end there and drop the rules after it.
local function flat_rules(owner, keys, rules)
  local out = {}
  local function is_list(t)
    if type(t) ~= "table" or t.__rule then return false end
    for key in pairs(t) do
      if math.type(key) ~= "integer" and not (type(key) == "string" and key:sub(1, 2) == "__") then return false end
    end
    return true
  end
  local function add(list)
    local last = 0
    for key in pairs(list) do
      if math.type(key) == "integer" and key > last then last = key end
    end
    for i = 1, last do
      local r = list[i]
      if r == nil then
        err_at(owner, keys, string.format("rules: entry %d is nil (a helper that returned nothing?); allowed: rule { ... } or a list of rules", i))
      elseif is_list(r) then
        add(r)
      else
        out[#out + 1] = r
      end
    end
  end
  add(rules or {})
  return out
end

-- A rule as written in a kind or an instruction.  `scope` gives the kind's name, tiles and axes.
local function check_rule(owner, keys, r, scope)
  local rec = (type(r) == "table" and r.__rule) and r or owner
  if type(r) ~= "table" or not r.__rule then
    err_at(owner, keys, "rules must be written as rule { name = ..., check = ..., status = ..., why = ... }"); return nil
  end
  if not fields(rec, r, {}, set { "name", "check", "status", "why", "when", "on" }, { "name", "check", "status", "why" }, "rule") then
    return nil
  end
  local ok = want(rec, { "name" }, r.name, "string", "rule name") and want(rec, { "why" }, r.why, "string", "why")
  ok = want_name(r, "rule") and ok
  if not set(STATUSES)[r.status] then
    err_at(rec, { "status" }, string.format("unknown status '%s'; allowed: %s", tostring(r.status), join(STATUSES))); ok = false
  end
  local ast, e = expr.parse(r.check)
  if not ast then err_at(rec, { "check" }, "check: " .. e); return nil end
  local ty
  local names = RULE_NAMES
  if scope.values and next(scope.values) then -- the kind's value params, by operand name
    names = {}
    for n in pairs(RULE_NAMES) do names[n] = true end
    for n in pairs(scope.values) do names[n] = true end
  end
  ty, e = expr.check(ast, { kind = "rule", tiles = scope.tiles, attrs = set(ATTRS), params = names, funcs = RULE_FUNCS })
  if not ty then err_at(rec, { "check" }, "check: " .. e); return nil end
  if ty ~= "bool" then err_at(rec, { "check" }, "check must be a condition (a comparison), got an integer expression"); ok = false end
  local static = true
  for _, ref in ipairs(ast_names(ast)) do
    if not ref.attr or not STATIC_ATTRS[ref.attr] then static = false end
  end
  local when = {}
  if r.when ~= nil then
    if type(r.when) ~= "table" then err_at(rec, { "when" }, "when must be a table of axis = value"); ok = false
    else
      for k, v in pairs(r.when) do
        local opname, field = tostring(k):match("^([%w_]+)%.([%w_]+)$")
        if opname then
          if not scope.tiles[opname] then
            err_at(rec, { "when" }, string.format("when: unknown tile operand '%s'; allowed: %s", opname, list(scope.tiles))); ok = false
          elseif field == "layout" then
            if not set(LAYOUTS)[v] then err_at(rec, { "when" }, string.format("when: unknown layout '%s'; allowed: %s", tostring(v), join(LAYOUTS))); ok = false end
          elseif field == "elem_bytes" then
            if math.type(v) ~= "integer" then err_at(rec, { "when" }, "when: elem_bytes must be an integer"); ok = false end
          else
            err_at(rec, { "when" }, string.format("when: unknown condition '%s'; allowed: %s", k, when_keys(scope))); ok = false
          end
        elseif scope.broken and scope.broken[k] then -- the axis has its own error
        elseif not scope.axes[k] then
          err_at(rec, { "when" }, string.format("when: unknown axis '%s'; allowed: %s", tostring(k), when_keys(scope))); ok = false
        elseif not set(scope.axes[k])[v] then
          err_at(rec, { "when" }, string.format("when: unknown value '%s' for axis '%s'; allowed: %s", tostring(v), k, join(scope.axes[k]))); ok = false
        end
        when[k] = v
      end
    end
  end
  local on = r.on
  if on ~= nil then ok = want_list(rec, { "on" }, on, base_profiles, "on") and ok end
  if not ok then return nil end
  return { name = r.name, check = ast, text = r.check, status = r.status, why = r.why, when = when, on = on or {},
           static = static, file = rec.__file, line = rec.__line }
end

-- in_place maps an output operand to the sources (input tiles or roles) it may be the very tile of.
local function check_in_place(r, k)
  local outs, srcs, ok = {}, {}, true
  for name, o in pairs(k.operands) do
    if o.io == "out" then outs[name] = true elseif o.io == "in" and o.tile then srcs[name] = true end
  end
  for role in pairs(k.roles) do srcs[role] = true end
  for out, from in pairs(r.in_place or {}) do
    if not outs[out] then
      err_at(r, { "in_place", out }, string.format("in_place: '%s' is not an output operand; allowed: %s", show(out), list(outs))); ok = false
    else
      ok = want_list(r, { "in_place", out }, from, sorted_keys(srcs), "in_place." .. out, true) and ok
    end
  end
  return ok
end

-- Every entry passes every input operand: the math reads them all (and the kernel takes them).
local function check_entry_inputs(r, k, values)
  local ok = true
  for _, e in pairs(k.entries) do
    local passed = set(e.operands)
    for _, name in ipairs(sorted_keys(values)) do
      if not passed[name] then
        err_at(r, { "entries", e.form }, string.format("entry %s does not pass input operand '%s', which the math reads; allowed: entries that pass every input (%s)",
                                                       e.form, name, list(values)))
        ok = false
      end
    end
  end
  return ok
end

-- The values of a layout axis (the keys of its map), or nil when `values` is not a map.
local function layout_axis_values(a)
  return type(a.values) == "table" and #a.values == 0 and sorted_keys(a.values) or nil
end

-- A layout axis maps each of its values to its own layout: a call selects the value by the
-- layout it passes, so two values of one layout would be two tuples no call can tell apart.
local function check_layout_axis(r, a, gm)
  local keys, by_layout, ok = { "axes", a.name, "values" }, {}, true
  local LAYOUTS = gm and GM_LAYOUTS or LAYOUTS -- a global tensor's axis names its layouts
  if not layout_axis_values(a) then
    err_at(r, keys, string.format("axis %s: values must map each axis value to a layout; allowed: e.g. values = { mode1 = \"DN\", mode2 = \"ND\" }", a.name))
    return false
  end
  for _, v in ipairs(layout_axis_values(a)) do
    local l = a.values[v]
    if not set(LAYOUTS)[l] then
      err_at(r, keys, string.format("axis %s: value %s maps to unknown layout '%s'; allowed: %s", a.name, v, show(l), join(LAYOUTS))); ok = false
    elseif by_layout[l] then
      err_at(r, keys, string.format("axis %s: values %s and %s both map to layout %s, so no call can tell them apart; allowed: one value per layout (%s)",
                                    a.name, by_layout[l], v, l, join(LAYOUTS))); ok = false
    end
    by_layout[l] = by_layout[l] or v
  end
  return ok
end

-- In a kind with roles a tuple is named by its dtypes and axes, not its layouts (model.py
-- Tuple.ident), so the layout of each role and of each other tile must be one, or be picked
-- by a layout axis; otherwise two tuples get one name (and one kernel).
local function check_roles_pin_layouts(r, k)
  if next(k.roles) == nil then return true end
  local picked, in_role = {}, {}
  for _, ax in pairs(k.axes) do if ax.derive == "layout" then picked[ax.of] = true end end
  local function pinned(name, layouts, keys, what)
    if #layouts < 2 or picked[name] then return true end
    err_at(r, keys, string.format("%s may be %s, but tuples of a kind with roles are named by dtypes and axes only, "
                                  .. "so two tuples would get one name; allowed: one layout (e.g. role_layouts = { %s = { \"%s\" } }) "
                                  .. "or a layout axis of %s", what, table.concat(layouts, " or "), name, layouts[1], name))
    return false
  end
  local ok = true
  for _, role in ipairs(sorted_keys(k.roles)) do
    local allowed, keys = set(k.role_layouts[role] or LAYOUTS), k.role_layouts[role] and { "role_layouts", role } or { "roles", role }
    for _, order in ipairs(sorted_keys(k.roles[role])) do
      local opname, layouts = k.roles[role][order], {}
      in_role[opname] = true
      for _, l in ipairs(k.operands[opname].layouts) do if allowed[l] then layouts[#layouts + 1] = l end end
      if not picked[opname] and not pinned(role, layouts, keys, "role " .. role) then ok = false; break end
    end
  end
  for _, name in ipairs(sorted_keys(k.operands)) do
    local o = k.operands[name]
    if o.tile and not in_role[name] then ok = pinned(name, o.layouts, { "operands", name }, "operand " .. name) and ok end
  end
  return ok
end

-- The kernel name pattern (model.py kernel_name): letters, digits and _, `{V}` for a dtype
-- variable or an axis, `{axis:value=text}` for text that only that axis value adds. It spells
-- every dtype variable: kernels of different dtypes need different names.
local function check_kernel_pattern(r, dvars, axes_scope)
  local fields_ok = {}
  for v in pairs(dvars) do fields_ok[#fields_ok + 1] = "{" .. v .. "}" end
  for a in pairs(axes_scope) do fields_ok[#fields_ok + 1] = "{" .. a .. "}" end
  table.sort(fields_ok)
  fields_ok[#fields_ok + 1] = "{<axis>:<value>=<text>}"
  local allowed = join(fields_ok)
  local function bad(msg) err_at(r, { "kernel" }, "kernel: " .. msg .. "; allowed: " .. allowed); return false end
  if r.kernel == "" then return bad("the name pattern is empty") end
  local ok, used = true, {}
  local rest = r.kernel:gsub("%b{}", function(field)
    local name = field:match("^{([%w_]+)}$")
    local ax, val = field:match("^{([%w_]+):([%w_]+)=[%w_]*}$")
    if name then
      if dvars[name] or axes_scope[name] then used[name] = true
      else ok = bad(string.format("unknown variable '%s' in '%s'", name, field)) end
    elseif not ax then ok = bad(string.format("malformed field '%s'", field))
    elseif not axes_scope[ax] then ok = bad(string.format("unknown axis '%s' in '%s'", ax, field))
    elseif not set(axes_scope[ax])[val] then
      ok = bad(string.format("unknown value '%s' of axis %s in '%s' (%s has %s)", val, ax, field, ax, join(axes_scope[ax])))
    end
    return ""
  end)
  if rest:find("[^%w_]") then ok = bad(string.format("'%s' has characters other than letters, digits, _ and fields", r.kernel)) end
  for _, v in ipairs(sorted_keys(dvars)) do
    if ok and not used[v] then ok = bad(string.format("the pattern does not spell dtype variable {%s}, so kernels of different dtypes would get one name", v)) end
  end
  return ok
end

-- Rule names are unique within a kind and its instructions: each rule becomes a C function.
-- `taken` maps the names already used to where they were defined.
local function unique_rule_names(rules, taken)
  local ok = true
  for _, cr in ipairs(rules) do
    if taken[cr.name] then
      report(cr.file, cr.line, string.format("rule '%s' is defined twice (also %s); allowed: one rule per name in a kind and its instructions",
                                             cr.name, taken[cr.name]))
      ok = false
    end
    taken[cr.name] = taken[cr.name] or ("at " .. cr.file .. ":" .. cr.line)
  end
  return ok
end

------------------------------------------------------------------------------------------
-- params: the runtime parameters an entry point may take (spec/kinds.lua `param`)

local PARAMS, param_names = {}, {}
for _, r in ipairs(records.param) do
  if fields(r, r, {}, { name = "string", doc = "string", c_type = "string", enum = "string", values = "table", flag = "boolean",
                        upstream = "string", upstream_values = "table", value = "boolean" },
            { "name", "doc", "c_type" }, "param") then
    local ok = want_name(r, "param")
    if r.value then
      -- value = true: a plain unsigned number (an offset) that picks no tuple; rules read it by
      -- its operand's name (TEXTRACT's row and col)
      if r.values ~= nil or r.enum ~= nil or r.flag ~= nil or r.upstream_values ~= nil then
        err_at(r, { "value" }, "a value param has no values, enum, flag or upstream_values"); ok = false
      end
    elseif type(r.values) ~= "table" or #r.values < 2 then
      err_at(r, { "values" }, "values must list at least two names, in the order of their C values"); ok = false
    else
      for i, v in ipairs(r.values) do
        if type(v) ~= "string" or not v:match("^[a-z][a-z0-9_]*$") then
          err_at(r, { "values" }, string.format("value %s must be a lower-case name; allowed: [a-z][a-z0-9_]*", show(v))); ok = false
        end
        for j = 1, i - 1 do if r.values[j] == v then err_at(r, { "values" }, "value '" .. tostring(v) .. "' is listed twice"); ok = false end end
      end
    end
    if r.flag and r.enum then
      err_at(r, { "enum" }, "a flag (0 or any other value) has no enum constants; allowed: flag = true or enum = \"PREFIX\""); ok = false
    elseif r.value then -- (checked above)
    elseif r.flag and type(r.values) == "table" and #r.values ~= 2 then
      err_at(r, { "values" }, "a flag has two values: its name for 0, then for any other value"); ok = false
    elseif not r.flag and not r.enum then
      err_at(r, { "name" }, "param " .. tostring(r.name) .. ": an enumerated param needs enum (the prefix of its C constants); allowed: enum = \"PREFIX\" or flag = true"); ok = false
    elseif r.enum and not r.enum:match("^[A-Z][A-Z0-9_]*$") then
      err_at(r, { "enum" }, "enum must be an upper-case C prefix; allowed: [A-Z][A-Z0-9_]*"); ok = false
    end
    if type(r.upstream_values) == "table" and type(r.values) == "table" then
      -- upstream's name of each value, in the order of values; "" where upstream has none
      if #r.upstream_values ~= #r.values then
        err_at(r, { "upstream_values" }, string.format("upstream_values must name each of the %d values (\"\" where upstream has none)", #r.values)); ok = false
      end
      for _, v in ipairs(r.upstream_values) do
        if type(v) ~= "string" or not (v == "" or v:match("^[A-Z][A-Za-z0-9_]*$")) then
          err_at(r, { "upstream_values" }, string.format("upstream value %s must be a C++ name starting upper-case or \"\"; allowed: [A-Z][A-Za-z0-9_]*", show(v))); ok = false
        end
      end
    end
    if ok and PARAMS[r.name] then err_at(r, { "name" }, "param '" .. r.name .. "' is defined twice"); ok = false end
    if ok then
      PARAMS[r.name] = { name = r.name, doc = r.doc, c_type = r.c_type, enum = r.enum or false, flag = r.flag or false,
                         value = r.value or false, values = r.values or {}, upstream = r.upstream or r.c_type,
                         upstream_values = r.upstream_values or false }
      param_names[#param_names + 1] = r.name
    end
  end
end

-- The names of a kind's rules, as `taken` for its instructions' rules.
local function kind_rule_names(k)
  local taken = {}
  for _, rules in ipairs({ k.rules, k.static_rules }) do
    for _, cr in ipairs(rules) do
      taken[cr.name] = taken[cr.name] or string.format("as a rule of kind %s at %s:%d", k.name, cr.file, cr.line)
    end
  end
  return taken
end

-- pairs of a kind that converts (kind field pairs = { from = S, to = D }): { <from dtype> = { <to
-- dtypes> } }; the legal set's S is every source listed, D every destination, and only the listed
-- pairs are tuples (norm.pairs, gen/model.py)
local function check_pairs(r, k, pname, P, norm)
  local keys, names, ok = { "legal", pname, "pairs" }, defined_names(records.dtype), true
  local from, to, seen_to = {}, {}, {}
  norm.pairs = {}
  if type(P) ~= "table" or #P > 0 then
    err_at(r, keys, "legal." .. pname .. ".pairs must map each source dtype to its destinations: { f32 = { \"f16\", ... } }"); return false
  end
  for _, s in ipairs(sorted_keys(P)) do
    if not DT[s] then err_at(r, keys, string.format("legal.%s.pairs: unknown source dtype '%s'; allowed: %s", pname, show(s), join(names))); ok = false
    elseif want_list(r, { "legal", pname, "pairs", s }, P[s], names, "legal." .. pname .. ".pairs." .. s) then
      from[#from + 1] = s
      for _, d in ipairs(P[s]) do
        norm.pairs[#norm.pairs + 1] = { s, d }
        if not seen_to[d] then seen_to[d] = true; to[#to + 1] = d end
      end
    else ok = false end
  end
  table.sort(to)
  norm.dtypes[k.pairs.from], norm.dtypes[k.pairs.to] = from, to
  return ok
end

-- A kind's math may be one reduction of a row: to the position it selects, or to a value (a fold).
local REDUCES = { "index", "value" }
local KINDS, kind_names = {}, {}
for _, r in ipairs(records.kind) do
  if fields(r, r, {}, { name = "string", doc = "string", entries = "table", operands = "table", roles = "table",
                        role_layouts = "table", axes = "table", in_place = "table", kernel = "string",
                        rules = "table", static_rules = "table", reduce = "string", scalar_unit = "boolean", math_fn = "string",
                        scalar_tile = "boolean", converts = "boolean", pairs = "table",
                        param_args = "boolean" },
            { "name", "doc", "entries", "operands", "axes", "kernel" }, "kind") then
    local k = { name = r.name, doc = r.doc, reduce = r.reduce or false, scalar_unit = r.scalar_unit or false, kernel = r.kernel,
                math_fn = r.math_fn or false, scalar_tile = r.scalar_tile or false, converts = r.converts or false,
                pairs = r.pairs or false, param_args = r.param_args or false, entries = {}, operands = {},
                roles = r.roles or {}, role_layouts = {}, axes = {}, in_place = {}, rules = {}, static_rules = {},
                file = r.__file, line = r.__line }
    local ok = true
    local tiles, dvars, values, gms = {}, {}, {}, {} -- gms: the global tensors (gm = true)
    if r.reduce ~= nil and not set(REDUCES)[r.reduce] then
      err_at(r, { "reduce" }, string.format("reduce: unknown value '%s'; allowed: %s", r.reduce, join(REDUCES))); ok = false
    end
    for _, name in ipairs(sorted_keys(r.operands)) do
      local o = r.operands[name]
      if fields(r, o, { "operands", name }, set { "tile", "gm", "scalar", "param", "io", "dtype", "optional", "layouts", "locs" }, { "io" }, "operand " .. name) then
        if o.param ~= nil then
          if not PARAMS[o.param] then -- a param defined with errors has said so: no cascade here
            if not set(defined_names(records.param))[o.param] then
              err_at(r, { "operands", name }, string.format("operand %s: unknown param '%s'; allowed: %s", name, show(o.param), join(param_names)))
            end
            ok = false
          end
          if o.tile or o.scalar or o.dtype or o.optional or o.io ~= "in" then
            err_at(r, { "operands", name }, "operand " .. name .. ": a param operand has only param and io = \"in\""); ok = false
          end
        elseif o.gm and (o.tile or o.scalar or o.optional or o.io == "tmp") then
          err_at(r, { "operands", name }, "operand " .. name .. ": a gm operand (a global tensor, pto_gm) is not a tile or scalar, not optional, io in or out"); ok = false
        elseif not (o.tile or o.scalar or o.gm) then err_at(r, { "operands", name }, "operand " .. name .. " must be tile = true, gm = true, scalar = true or param = <a param>"); ok = false
        elseif o.dtype == nil then err_at(r, { "operands", name }, "operand " .. name .. ": missing field 'dtype'"); ok = false end
        if not set { "in", "out", "tmp" }[o.io] then err_at(r, { "operands", name }, "io must be in, out or tmp"); ok = false end
        local layouts = o.layouts or (o.gm and GM_LAYOUTS) or { "ND", "DN" }
        if o.tile then ok = want_list(r, { "operands", name, "layouts" }, layouts, LAYOUTS, "layouts of " .. name) and ok end
        if o.gm then ok = want_list(r, { "operands", name, "layouts" }, layouts, GM_LAYOUTS, "layouts of " .. name) and ok end
        -- locs: the locations (pto_loc) the tile may be in; VEC when absent
        local locs = o.locs or { "VEC" }
        if o.locs ~= nil and not o.tile then err_at(r, { "operands", name }, "operand " .. name .. ": locs is for tile operands"); ok = false
        elseif o.tile then ok = want_list(r, { "operands", name, "locs" }, locs, LOCS, "locs of " .. name) and ok end
        k.operands[name] = { name = name, tile = o.tile and true or false, gm = o.gm and true or false, io = o.io,
                             dtype = o.dtype or false, param = o.param or false, optional = o.optional or false,
                             layouts = (o.tile or o.gm) and layouts or {}, locs = o.tile and locs or {} }
        if o.tile then tiles[name] = true end
        if o.gm then gms[name] = true end
        if o.io == "in" and not o.param then values[name] = true end
        -- a dtype name fixes the operand's dtype (a mask is u8); "any" takes every dtype (a scratch
        -- tile used as bytes); anything else is a dtype variable
        if o.dtype == "any" and not (o.tile and o.io == "tmp") then
          err_at(r, { "operands", name }, "operand " .. name .. ": dtype \"any\" is for a scratch tile (tile = true, io = \"tmp\")"); ok = false
        elseif o.dtype and o.dtype ~= "any" and not DT[o.dtype] then dvars[o.dtype] = true end
      else ok = false end
    end
    for role, m in pairs(k.roles) do
      tiles[role] = true
      for _, opname in pairs(m) do
        if not k.operands[opname] then err_at(r, { "roles", role }, "role " .. role .. " names unknown operand " .. tostring(opname)); ok = false end
      end
    end
    for role, ls in pairs(r.role_layouts or {}) do
      if not k.roles[role] then err_at(r, { "role_layouts" }, "unknown role '" .. role .. "'; allowed: " .. list(k.roles)); ok = false
      else ok = want_list(r, { "role_layouts", role }, ls, LAYOUTS, "layouts of role " .. role) and ok; k.role_layouts[role] = ls end
    end
    for i, e in ipairs(r.entries) do
      if fields(r, e, { "entries" }, { form = "string", operands = "table", suffix = "string", optional = "boolean" },
                { "form", "operands" }, "entry") then
        for _, opname in ipairs(e.operands) do
          if not k.operands[opname] then err_at(r, { "entries" }, "entry " .. e.form .. " names unknown operand " .. opname); ok = false end
        end
        -- an optional entry exists for the instructions that give its math (their `forms`)
        k.entries[i] = { form = e.form, suffix = e.suffix or "", operands = e.operands, optional = e.optional or false }
      else ok = false end
    end
    local axes_scope, broken = {}, {} -- broken: axes whose values are unknown (their error is reported)
    for i, a in ipairs(r.axes) do
      if fields(r, a, { "axes" }, set { "name", "derive", "values", "of", "status" }, { "name", "derive" }, "axis") then
        local ax = { name = a.name, derive = a.derive, of = a.of, status = a.status or "layout", values = {}, map = {} }
        if a.derive == "layout" then
          local vals = layout_axis_values(a)
          ok = check_layout_axis(r, a, gms[a.of]) and ok
          for _, v in ipairs(vals or {}) do ax.values[#ax.values + 1] = v; ax.map[v] = a.values[v] end
          broken[a.name] = not vals or nil
          if not (tiles[a.of] or gms[a.of]) then err_at(r, { "axes" }, "axis " .. a.name .. " derives from unknown operand " .. tostring(a.of)); ok = false end
        elseif a.derive == "loc" then
          -- the location of tile operand `of`: values = { <value> = <pto_loc name> }, in pto_loc order
          local vals = layout_axis_values(a)
          if not vals then
            err_at(r, { "axes", a.name, "values" }, "axis " .. a.name .. ": values must map each axis value to a location; allowed: e.g. values = { vec = \"VEC\", mat = \"MAT\" }"); ok = false; broken[a.name] = true
          else
            local pos = {}
            for i, l in ipairs(LOCS) do pos[l] = i end
            table.sort(vals, function(x, y) return (pos[a.values[x]] or 99) < (pos[a.values[y]] or 99) end)
            for _, v in ipairs(vals) do
              if not pos[a.values[v]] then err_at(r, { "axes", a.name, "values" }, string.format("axis %s: value %s maps to unknown location '%s'; allowed: %s", a.name, v, show(a.values[v]), join(LOCS))); ok = false end
              ax.values[#ax.values + 1] = v; ax.map[v] = a.values[v]
            end
          end
          if not tiles[a.of] then err_at(r, { "axes" }, "axis " .. a.name .. " derives from unknown tile operand " .. tostring(a.of)); ok = false end
          ax.status = a.status or "loc"
        elseif a.derive == "param" then
          -- the values are the param's, in its C order; a value a tuple does not take is status param
          local o = k.operands[a.of]
          if not (o and o.param) then
            err_at(r, { "axes" }, "axis " .. a.name .. " needs a param operand in 'of'"); ok = false; broken[a.name] = true
          elseif a.values ~= nil then
            err_at(r, { "axes" }, "axis " .. a.name .. " takes the values of param " .. o.param .. "; remove 'values'"); ok = false
          elseif PARAMS[o.param] and PARAMS[o.param].value then
            err_at(r, { "axes" }, "axis " .. a.name .. ": param " .. o.param .. " is a value (rules read it), not an axis"); ok = false; broken[a.name] = true
          elseif PARAMS[o.param] then
            ax.values, ax.param = PARAMS[o.param].values, o.param
          else
            broken[a.name] = true
          end
          ax.status = a.status or "param"
        elseif a.values == nil then
          err_at(r, { "axes" }, "axis: missing field 'values'"); ok = false; broken[a.name] = true
        elseif a.derive == "roles" or a.derive == "presence" or a.derive == "form" then
          ax.values = a.values
          if a.derive == "presence" and not (k.operands[a.of] and k.operands[a.of].optional) then
            err_at(r, { "axes" }, "axis " .. a.name .. " needs an optional operand in 'of'"); ok = false
          end
        else
          err_at(r, { "axes" }, string.format("unknown derive '%s'; allowed: form, roles, layout, loc, presence, param", tostring(a.derive))); ok = false
        end
        k.axes[i] = ax
        if not broken[a.name] then axes_scope[a.name] = ax.values end
      else ok = false end
    end
    for out, srcs in pairs(r.in_place or {}) do k.in_place[out] = srcs end
    if ok then
      ok = check_in_place(r, k) and ok
      ok = check_entry_inputs(r, k, values) and ok
      ok = check_roles_pin_layouts(r, k) and ok
      ok = check_kernel_pattern(r, dvars, axes_scope) and ok
    end
    k.tiles, k.dvars, k.values, k.gms = tiles, sorted_keys(dvars), values, gms
    -- pairs = { from = <dvar>, to = <dvar> }: its legal sets list (from, to) pairs, not each variable's set
    if r.pairs ~= nil then
      if not (type(r.pairs.from) == "string" and dvars[r.pairs.from] and type(r.pairs.to) == "string" and dvars[r.pairs.to]
              and r.pairs.from ~= r.pairs.to) then
        err_at(r, { "pairs" }, "pairs must be { from = <a dtype variable>, to = <another> }; allowed: " .. list(dvars)); ok = false
      end
    end
    -- value params (TEXTRACT's row, col): rules read them by operand name
    local value_ops = {}
    for name, o in pairs(k.operands) do if o.param and PARAMS[o.param] and PARAMS[o.param].value then value_ops[name] = true end end
    k.value_ops = value_ops
    for _, rr in ipairs(flat_rules(r, { "rules" }, r.rules)) do
      k.rules[#k.rules + 1] = check_rule(r, { "rules" }, rr, { kind = r.name, tiles = tiles, axes = axes_scope, broken = broken,
                                                               values = value_ops })
    end
    for _, rr in ipairs(flat_rules(r, { "static_rules" }, r.static_rules)) do
      local cr = check_rule(r, { "static_rules" }, rr, { kind = r.name, tiles = tiles, axes = axes_scope, broken = broken })
      if cr and not cr.static then err_at(r, { "static_rules" }, "static rule " .. cr.name .. " may use only elem_bytes, block_elems and repeat_elems"); ok = false end
      k.static_rules[#k.static_rules + 1] = cr
    end
    k.axes_scope = axes_scope
    local rule_names = {}
    ok = unique_rule_names(k.rules, rule_names) and ok
    ok = unique_rule_names(k.static_rules, rule_names) and ok
    ok = want_name(r, "kind") and ok
    if ok then KINDS[r.name] = k; kind_names[#kind_names + 1] = r.name end
  end
end

------------------------------------------------------------------------------------------
-- instructions

local USES = { "required", "optional", "ignored" }

-- The math reads every input operand of the kind: an input it ignores is a slip in the spec
-- (and an unused variable in the generated code).
local function check_math_reads_inputs(r, k, ast)
  local read, ok = {}, true
  for _, ref in ipairs(ast_names(ast)) do read[ref.name] = true end
  for _, name in ipairs(sorted_keys(k.values)) do
    if not read[name] then
      err_at(r, { "math" }, string.format("math does not use operand '%s'; allowed: math that reads every input of kind %s (%s)",
                                          name, k.name, list(k.values)))
      ok = false
    end
  end
  return ok
end

-- layouts maps tile operands to the layouts a legal set allows them: layouts = { src1 = { "DN" } }.
local function check_legal_layouts(r, k, pname, layouts, norm)
  local keys, what, ok, tiles = { "legal", pname, "layouts" }, "legal." .. pname .. ".layouts", true, {}
  for _, name in ipairs(sorted_keys(k.operands)) do if k.operands[name].tile then tiles[#tiles + 1] = name end end
  if #layouts > 0 then -- a list, as if for one operand
    local example = tiles[1]
    for _, name in ipairs(tiles) do
      if #k.operands[name].layouts > #k.operands[example].layouts then example = name end
    end
    local choices = k.operands[example].layouts
    local layout = set(choices)[layouts[1]] and layouts[1] or choices[1]
    err_at(r, keys, string.format("%s must map tile operands to lists of layouts; allowed: e.g. layouts = { %s = { \"%s\" } } (operands: %s)",
                                  what, example, layout, join(tiles)))
    return false
  end
  for opname, ls in pairs(layouts) do
    if not set(tiles)[opname] then
      err_at(r, keys, string.format("layouts: unknown tile operand '%s'; allowed: %s", show(opname), join(tiles))); ok = false
    elseif want_list(r, keys, ls, k.operands[opname].layouts, what .. "." .. opname) then norm.layouts[opname] = ls
    else ok = false end
  end
  return ok
end

-- An exclude entry as a spec writes it: { mode = "mode2", tmp = "tmp" }.
local function show_entry(ex)
  local parts = {}
  for _, a in ipairs(sorted_keys(ex)) do
    local v = ex[a]
    local function q(x) return type(x) == "string" and '"' .. x .. '"' or show(x) end
    local shown = q(v)
    if type(v) == "table" then
      local items = {}
      for _, x in ipairs(v) do items[#items + 1] = q(x) end
      shown = "{ " .. table.concat(items, ", ") .. " }"
    end
    parts[#parts + 1] = tostring(a) .. " = " .. shown
  end
  return #parts == 0 and "{}" or "{ " .. table.concat(parts, ", ") .. " }"
end

-- The axis values of every tuple of a legal set (the form axis takes each of its values),
-- or nil while one of its axis lists has an error.
local function axis_combinations(k, norm)
  local combos = { {} }
  for _, ax in ipairs(k.axes) do
    local vals = ax.derive == "form" and ax.values or norm.axes[ax.name]
    if not vals then return nil end
    local grown = {}
    for _, c in ipairs(combos) do
      for _, v in ipairs(vals) do
        local c2 = { [ax.name] = v }
        for a, x in pairs(c) do c2[a] = x end
        grown[#grown + 1] = c2
      end
    end
    combos = grown
  end
  return combos
end

-- An exclude value is one name or a list of names (any of them).
local function ex_values(v) return type(v) == "table" and v or { v } end

-- The entry that removes the axis values `combo`; entries naming a dtype variable remove only
-- some dtypes' tuples, which gen/model.py judges (it reports a legal set left empty).
local function excluded_by(exclude, combo)
  for _, ex in ipairs(exclude) do
    local all = true
    for a, v in pairs(ex) do all = all and combo[a] ~= nil and set(ex_values(v))[combo[a]] or false end
    if all then return ex end
  end
end

-- The axes a `when` or an exclude entry may name; an empty list would read as a bug.
local function axis_names(axes, kind_name)
  return next(axes) and list(axes) or "none (kind " .. kind_name .. " has no axes)"
end

-- exclude is a list of entries { axis = value, ... }, each removing the tuples that have all
-- those values; a value may be a list (any of them), and an entry may name a dtype variable
-- too ({ T = "i32", mode = { "lt", "gt" } }). No entry twice, and together they leave some tuple.
local function check_exclude(r, k, pname, exclude, norm)
  local keys, what, ok, seen = { "legal", pname, "exclude" }, "legal." .. pname .. ".exclude", true, {}
  local function check_entry(ex)
    for ax, v in pairs(ex) do
      local allowed = k.axes_scope[ax] or (set(k.dvars)[ax] and norm.dtypes[ax])
      if not allowed then
        err_at(r, keys, string.format("exclude: unknown axis '%s'; allowed: %s", tostring(ax), axis_names(k.axes_scope, k.name))); ok = false
      else
        for _, x in ipairs(ex_values(v)) do
          if not set(allowed)[x] then
            err_at(r, keys, string.format("exclude: unknown value '%s' for %s '%s'; allowed: %s", tostring(x),
                                          k.axes_scope[ax] and "axis" or "dtype variable", ax, join(allowed))); ok = false
          end
        end
      end
    end
  end
  local loose = {} -- fields written without the entry's own braces
  for key, v in pairs(exclude) do if math.type(key) ~= "integer" then loose[key] = v end end
  if next(loose) then
    err_at(r, keys, string.format("%s must be a list of entries, each in its own braces; allowed: exclude = { %s }", what, show_entry(loose)))
    ok = false
    check_entry(loose)
  end
  for _, ex in ipairs(exclude) do
    if type(ex) ~= "table" then err_at(r, keys, "exclude entries must be tables of axis = value"); ok = false
    else
      check_entry(ex)
      if seen[show_entry(ex)] then err_at(r, keys, string.format("%s: entry %s is listed twice", what, show_entry(ex))); ok = false end
      seen[show_entry(ex)] = true
      norm.exclude[#norm.exclude + 1] = ex
    end
  end
  local combos = ok and axis_combinations(k, norm)
  if not combos then return ok end
  local culprits, named = {}, {}
  for _, c in ipairs(combos) do
    local ex = excluded_by(norm.exclude, c)
    if not ex then return ok end
    if not named[ex] then named[ex] = true; culprits[#culprits + 1] = show_entry(ex) end
  end
  local left = {}
  for _, ax in ipairs(k.axes) do
    left[#left + 1] = ax.name .. " = " .. table.concat(ax.derive == "form" and ax.values or norm.axes[ax.name], "|")
  end
  local allowed = #left > 0 and "entries that leave some tuple of " .. join(left) or "no exclude (kind " .. k.name .. " has no axes)"
  err_at(r, keys, string.format("legal.%s is empty because of exclude: %s %s every tuple; allowed: %s",
                                pname, (#culprits == 1 and "entry " or "entries ") .. table.concat(culprits, ", "),
                                #culprits == 1 and "removes" or "together remove", allowed))
  return false
end

-- Every legal dtype of the math's operands is of a class each of its operations is defined on.
local function check_math_dtypes(r, k, inst)
  local ok, dvars = true, {}
  for name in pairs(k.values) do dvars[k.operands[name].dtype] = true end
  for _, pname in ipairs(sorted_keys(inst.legal)) do
    for _, dv in ipairs(sorted_keys(dvars)) do
      for _, d in ipairs(inst.legal[pname].dtypes[dv] or {}) do
        local used = ops_used(inst.math)
        for _, f in pairs(inst.forms) do for opn in pairs(ops_used(f.math)) do used[opn] = true end end
        for _, opn in ipairs(sorted_keys(used)) do
          local o = OPS[opn] -- a kind's own math_fn is not an operation of spec/ops.lua
          if o and DT[d] and not set(o.classes)[DT[d].class] then
            err_at(r, { "legal", pname, dv }, string.format("legal.%s.%s: dtype '%s' is %s, but operation '%s' of the math takes %s only",
                                                          pname, dv, d, DT[d].class, opn, join(o.classes)))
            ok = false
          end
        end
      end
    end
  end
  return ok
end

local instructions, seen_names = {}, {}
for _, r in ipairs(records.instruction) do
  local ok = fields(r, r, {}, { name = "string", family = "string", kind = "string", summary = "string", math = true,
                               forms = "table", legal = "table", rules = "table", operand_use = "table",
                               sat_default_off = "table" },
                    { "name", "family", "kind", "summary", "math", "legal" }, "instruction")
  local k = KINDS[r.kind]
  if ok and not k then
    if not set(defined_names(records.kind))[r.kind] then
      err_at(r, { "kind" }, string.format("unknown kind '%s'; allowed: %s", tostring(r.kind), join(kind_names)))
    end
    ok = false
  end
  if type(r.family) == "string" and not FAMILIES[r.family] and not set(defined_names(records.family))[r.family] then
    err_at(r, { "family" }, string.format("unknown family '%s'; allowed: %s", r.family, join(family_names))); ok = false
  end
  -- the family lists the instruction (with its planned entry points, checked below)
  local fam, planned = type(r.family) == "string" and FAMILIES[r.family], nil
  if fam and type(r.name) == "string" and r.name:match("^[a-z0-9_]+$") and r.__file:match("([^/]+)%.lua$") == r.name then
    planned = fam.by_name[r.name]
    if not planned then
      local names_listed = {}
      for _, it in ipairs(fam.instructions) do names_listed[#names_listed + 1] = it.name end
      local other = LISTED[r.name]
      err_at(r, { "family" }, string.format("family %s (%s:%d) does not list '%s'; it lists: %s; allowed: %s", fam.name, fam.file,
        fam.line, r.name, join(names_listed), other and string.format("family = \"%s\", which lists it (%s:%d)", other.family, other.file, other.line)
        or string.format("'%s' added to the instructions of family %s in %s", r.name, fam.name, fam.file)))
    end
  end
  if ok and type(r.name) == "string" then
    local base = r.__file:match("([^/]+)%.lua$")
    if not want_name(r, "instruction") then ok = false
    elseif base ~= r.name then
      local want_file = (r.__file:match("^(.*/)") or "") .. r.name .. ".lua" -- the real spec dir, not always spec/
      err_at(r, { "name" }, string.format("instruction '%s' must live in %s", r.name, want_file)); ok = false
    end
    if seen_names[r.name] then err_at(r, { "name" }, "instruction '" .. r.name .. "' is defined twice"); ok = false end
    seen_names[r.name] = true
  end
  if ok then
    local inst = { name = r.name, family = r.family, kind = r.kind, summary = r.summary, math_text = r.math,
                   math_line = locate(r, { "math" }), file = r.__file, line = r.__line, legal = {}, rules = {}, operand_use = {},
                   forms = {}, about = {} }
    -- the file's leading comment: what its author says of the instruction (docs pages show it)
    for _, l in ipairs(sources[r.__file] or {}) do
      local text = l:match("^%-%-%s?(.*)$")
      if not text then break end
      inst.about[#inst.about + 1] = text
    end
    -- math: the instruction's, and each optional entry's it has (forms = { <form> = "<math>" })
    local function parse_math(keys, text)
      local what = table.concat(keys, ".")
      local ast, e = expr.parse(text)
      if not ast then err_at(r, keys, what .. ": " .. e); return nil end
      local funcs = math_funcs(false)
      if k.reduce then for n, f in pairs(math_funcs(k.reduce)) do funcs[n] = f end end
      if k.math_fn then -- the kind's own operation of its inputs, the whole math (gen/kinds/<kind>.py computes it)
        funcs = { [k.math_fn] = { arity = #sorted_keys(k.values), arg = "value", result = "value", root_only = true } }
      end
      local ty
      e = check_operators(ast)
      if not e then ty, e = expr.check(ast, { kind = "math", values = k.values, funcs = funcs }) end
      if not ty then err_at(r, keys, what .. ": " .. e); return nil
      elseif k.reduce and ty ~= (k.reduce == "index" and "index" or "row") then
        local red = {}
        for _, n in ipairs(sorted_keys(math_funcs(k.reduce))) do red[#red + 1] = n .. "(...)" end
        err_at(r, keys, what .. " of a " .. k.name .. " instruction must be a reduction; allowed: " .. join(red)); return nil
      elseif not k.reduce and ty ~= "value" then err_at(r, keys, what .. " must compute a value"); return nil
      elseif k.math_fn and ast.op ~= "call" then
        err_at(r, keys, string.format("%s of a %s instruction must be %s(...) of its inputs", what, k.name, k.math_fn)); return nil end
      if not check_math_reads_inputs(r, k, ast) then return nil end
      if k.reduce == "value" then -- a fold: the call of the operation it folds, marked with the fold's name
        return { op = "call", fn = FOLDS[ast.fn], fold = ast.fn, args = { as_calls(ast.args[1]) } }
      end
      return as_calls(ast)
    end
    inst.math = parse_math({ "math" }, r.math)
    ok = inst.math ~= nil and ok
    local optional = {}
    for _, e in ipairs(k.entries) do if e.optional then optional[#optional + 1] = e.form end end
    for form, text in pairs(r.forms or {}) do
      if not set(optional)[form] then
        err_at(r, { "forms" }, string.format("forms: kind %s has no optional entry '%s'; allowed: %s", k.name, tostring(form),
                                             #optional > 0 and join(optional) or "none (the kind has no optional entries)"))
        ok = false
      elseif type(text) ~= "string" then err_at(r, { "forms", form }, "forms." .. form .. " must be the math of that entry, a string"); ok = false
      else
        local ast = parse_math({ "forms", form }, text)
        if ast then inst.forms[form] = { math = ast, math_text = text, math_line = locate(r, { "forms", form }) } else ok = false end
      end
    end
    -- operand use per profile
    for opname, per in pairs(r.operand_use or {}) do
      local o = k.operands[opname]
      if not o or not o.optional then
        local opts = {}
        for n, oo in pairs(k.operands) do if oo.optional then opts[#opts + 1] = n end end
        table.sort(opts)
        err_at(r, { "operand_use" }, string.format("operand_use: '%s' is not an optional operand of kind %s; allowed: %s", opname, k.name, join(opts))); ok = false
      elseif type(per) ~= "table" then err_at(r, { "operand_use", opname }, "operand_use." .. opname .. " must map profiles to use")
      else
        inst.operand_use[opname] = {}
        for pname, use in pairs(per) do
          if not set(base_profiles)[pname] then err_at(r, { "operand_use", opname }, string.format("operand_use: unknown profile '%s'; allowed: %s", tostring(pname), join(base_profiles))); ok = false
          elseif not set(USES)[use] then err_at(r, { "operand_use", opname, pname }, string.format("operand_use: unknown use '%s'; allowed: %s", tostring(use), join(USES))); ok = false
          else inst.operand_use[opname][pname] = use end
        end
      end
    end
    -- legal sets
    if type(r.legal) ~= "table" then err_at(r, { "legal" }, "legal must map profiles to legal sets"); ok = false
    else
      for pname, L in pairs(r.legal) do
        local keys = { "legal", pname }
        if not set(base_profiles)[pname] then
          err_at(r, keys, string.format("legal: unknown profile '%s'; allowed: %s (derived profiles get the union)", tostring(pname), join(base_profiles))); ok = false
        else
          local allowed = { exclude = "table", layouts = "table", offered = "boolean" }
          local paired = k.pairs and set { k.pairs.from, k.pairs.to } or {}
          for _, v in ipairs(k.dvars) do if not paired[v] then allowed[v] = true end end
          if k.pairs then allowed.pairs = "table" end
          local required = {}
          for _, v in ipairs(k.dvars) do if not paired[v] then required[#required + 1] = v end end
          if k.pairs then required[#required + 1] = "pairs" end
          for _, ax in ipairs(k.axes) do if ax.derive ~= "form" then allowed[ax.name] = true end end
          if fields(r, L, keys, allowed, required, "legal." .. pname) then
            -- offered = false: upstream's legal set, listed (the cpu takes it in its union), but this
            -- profile does not offer the instruction yet: its calls return a status (docs/spec-language.md)
            local norm = { dtypes = {}, axes = {}, layouts = {}, exclude = {}, line = locate(r, keys),
                           offered = L.offered ~= false }
            if k.pairs then ok = check_pairs(r, k, pname, L.pairs, norm) and ok end
            for _, v in ipairs(k.dvars) do if not paired[v] then
              local kk = { "legal", pname, v }
              -- conversion-only dtypes (spec/dtypes.lua) are legal only in a kind that converts
              local names, only = defined_names(records.dtype), {}
              if not k.converts then
                local kept = {}
                for _, n in ipairs(names) do
                  if DT[n] and DT[n].conversion_only then only[n] = true else kept[#kept + 1] = n end
                end
                names = kept
              end
              local listed = type(L[v]) == "table" and L[v] or {}
              local bad = false
              for _, d in ipairs(listed) do
                if only[d] then
                  err_at(r, kk, string.format("legal.%s.%s: dtype '%s' is for conversions only (%s: conversion_only), but kind %s does not convert; allowed: %s",
                                              pname, v, d, DT_AT[d], k.name, join(names)))
                  bad = true
                end
              end
              if bad then ok = false
              elseif want_list(r, kk, L[v], names, "legal." .. pname .. "." .. v) then norm.dtypes[v] = L[v] else ok = false end
            end end
            for _, ax in ipairs(k.axes) do
              if ax.derive ~= "form" then
                local vals = L[ax.name] or ax.values
                if want_list(r, { "legal", pname, ax.name }, vals, ax.values, "legal." .. pname .. "." .. ax.name) then
                  norm.axes[ax.name] = vals else ok = false end
              end
            end
            ok = check_legal_layouts(r, k, pname, L.layouts or {}, norm) and ok
            ok = check_exclude(r, k, pname, L.exclude or {}, norm) and ok
            inst.legal[pname] = norm
          else ok = false end
        end
      end
      if next(r.legal) == nil then err_at(r, { "legal" }, "legal is empty; an instruction must be legal on at least one of: " .. join(base_profiles)); ok = false end
    end
    -- sat_default_off (a kind with pairs): { <from> = { <to> ... } }, the pairs whose DEFAULT
    -- saturation is OFF (every other pair saturates by default); each a pair some profile lists
    inst.sat_default_off = {}
    if r.sat_default_off ~= nil then
      if not k.pairs then
        err_at(r, { "sat_default_off" }, "sat_default_off is for a kind with pairs (a conversion); kind " .. k.name .. " has none"); ok = false
      else
        local listed = {}
        for _, L in pairs(inst.legal) do for _, pr in ipairs(L.pairs or {}) do listed[pr[1] .. ">" .. pr[2]] = true end end
        for _, s in ipairs(sorted_keys(r.sat_default_off)) do
          for _, d in ipairs(type(r.sat_default_off[s]) == "table" and r.sat_default_off[s] or {}) do
            if not listed[tostring(s) .. ">" .. tostring(d)] then
              err_at(r, { "sat_default_off", s }, string.format("sat_default_off: %s -> %s is not a legal pair on any profile", tostring(s), tostring(d))); ok = false
            else inst.sat_default_off[#inst.sat_default_off + 1] = { s, d } end
          end
        end
      end
    end
    for _, rr in ipairs(flat_rules(r, { "rules" }, r.rules)) do
      local cr = check_rule(r, { "rules" }, rr, { kind = k.name, tiles = k.tiles, axes = k.axes_scope, values = k.value_ops })
      if cr then inst.rules[#inst.rules + 1] = cr else ok = false end
    end
    ok = unique_rule_names(inst.rules, kind_rule_names(k)) and ok
    if inst.math then ok = check_math_dtypes(r, k, inst) and ok end
    -- its entry points, as the kind and its forms give them: the plan's, when it has one
    inst.entry_points = {}
    for _, e in ipairs(k.entries) do
      if not e.optional or inst.forms[e.form] then
        local params = {}
        for _, opn in ipairs(e.operands) do
          local o = k.operands[opn]
          params[#params + 1] = o.param and PARAMS[o.param].c_type .. " " .. opn or opn
        end
        inst.entry_points[#inst.entry_points + 1] = r.name .. e.suffix .. "(" .. join(params) .. ")"
      end
    end
    if ok and planned and planned.entries and join(planned.entries) ~= join(inst.entry_points) then
      err_at(r, { "kind" }, string.format("entry points %s (kind %s%s) differ from the plan of family %s (%s:%d): %s; allowed: "
        .. "the planned entry points, or the plan changed to these", join(inst.entry_points), k.name, next(inst.forms) and " and forms" or "",
        fam.name, fam.file, planned.line, join(planned.entries)))
      ok = false
    end
    if ok then instructions[#instructions + 1] = inst end
  end
end

------------------------------------------------------------------------------------------
-- Output

if #errors > 0 then
  table.sort(errors, function(a, b)
    if a.file ~= b.file then return a.file < b.file end
    if a.line ~= b.line then return a.line < b.line end
    return a.msg < b.msg
  end)
  for _, e in ipairs(errors) do io.stderr:write(string.format("%s:%d: %s\n", e.file, e.line, e.msg)) end
  io.stderr:write(string.format("ptogen: %d error(s) in the specs; nothing was generated\n", #errors))
  os.exit(1)
end

local dtypes_out = {}
for _, n in ipairs(dtype_names) do dtypes_out[#dtypes_out + 1] = DT[n] end
local profiles_out = {}
for _, n in ipairs(profile_names) do
  local p = PROFILES[n]; p.__rec = nil
  profiles_out[#profiles_out + 1] = p
end
local kinds_out = {}
for _, n in ipairs(kind_names) do
  local k = KINDS[n]
  local tl = {}
  for t in pairs(k.tiles) do tl[#tl + 1] = t end
  table.sort(tl)
  k.tiles, k.values, k.axes_scope, k.value_ops = tl, nil, nil, nil
  kinds_out[n] = k
end
local ops_out = {}
for _, n in ipairs(op_names) do ops_out[#ops_out + 1] = OPS[n] end
local families_out = {}
for _, n in ipairs(family_names) do
  local f = FAMILIES[n]; f.by_name = nil
  families_out[#families_out + 1] = f
end
local params_out = {}
for _, n in ipairs(param_names) do params_out[#params_out + 1] = PARAMS[n] end
local doc = { dtypes = dtypes_out, families = families_out, profiles = profiles_out, ops = ops_out, params = params_out,
              kinds = kinds_out, instructions = instructions, sources = read_files }
local text = json.encode(doc) .. "\n"

local function write_if_changed(path, content)
  local fh = io.open(path, "rb")
  if fh then
    local old = fh:read("a"); fh:close()
    if old == content then return end
  end
  local tmp = path .. ".tmp"
  fh = assert(io.open(tmp, "wb"))
  fh:write(content); fh:close()
  assert(os.rename(tmp, path))
end
if out_path == "-" then io.write(text) else write_if_changed(out_path, text) end
if dep_path ~= "-" then
  write_if_changed(dep_path, out_path .. ": " .. table.concat(read_files, " ") .. "\n")
end
