-- The tiny expression language shared by `math` (element values) and `rules` (integer and
-- boolean predicates over operand attributes and machine parameters).
--   expr  := or ; or := and {"or" and} ; and := not {"and" not} ; not := "not" not | bor
--   bor   := bxor {"|" bxor} ; bxor := band {"^" band} ; band := cmp {"&" cmp}   (math only; C's precedence)
--   cmp   := shift [("=="|"~="|"<"|"<="|">"|">=") shift] ; shift := sum {("<<"|">>") sum} (math only)
--   sum   := prod {("+"|"-") prod}
--   prod  := unary {("*"|"/") unary} ; unary := "-" unary | "~" unary (math only) | primary
--   primary := INTEGER | NAME ["." NAME] | NAME "(" [expr {"," expr}] ")" | "(" expr ")"
-- Parse errors and type errors are returned as strings; the caller adds file:line.
local M = {}

-- Runs fn(...) and turns an error raised as { msg = ... } into nil, msg; other errors propagate.
local function protect(fn, ...)
  local ok, res = pcall(fn, ...)
  if ok then return res end
  if type(res) == "table" then return nil, res.msg end
  error(res, 0)
end

local function tokenize(src)
  local toks, i = {}, 1
  while i <= #src do
    local c = src:sub(i, i)
    if c:match("%s") then
      i = i + 1
    elseif c:match("%d") then
      local num = src:match("^%d+", i)
      if src:sub(i + #num, i + #num):match("[%a_.]") then
        return nil, string.format("column %d: only whole numbers are allowed, got '%s'", i,
                                  src:match("^[%w_.]+", i))
      end
      toks[#toks + 1] = { t = "num", v = math.tointeger(tonumber(num)), col = i }
      i = i + #num
    elseif c:match("[%a_]") then
      local name = src:match("^[%a_][%w_]*", i)
      local kw = (name == "and" or name == "or" or name == "not")
      toks[#toks + 1] = { t = kw and name or "name", v = name, col = i }
      i = i + #name
    else
      local two = src:sub(i, i + 1)
      if two == "==" or two == "~=" or two == "!=" or two == "<=" or two == ">=" or two == "<<" or two == ">>" then
        toks[#toks + 1] = { t = (two == "!=") and "~=" or two, col = i }
        i = i + 2
      elseif c:match("[%+%-%*/%(%)<>,%.&|^~]") then
        toks[#toks + 1] = { t = c, col = i }
        i = i + 1
      else
        return nil, string.format("column %d: unexpected character '%s'", i, c)
      end
    end
  end
  toks[#toks + 1] = { t = "eof", col = #src + 1 }
  return toks
end

function M.parse(src)
  if type(src) ~= "string" then return nil, "expected an expression string" end
  local toks, err = tokenize(src)
  if not toks then return nil, err end
  local pos = 1
  local function peek() return toks[pos] end
  local function fail(msg) error({ msg = string.format("column %d: %s", toks[pos].col, msg) }) end
  local function take(t)
    if toks[pos].t ~= t then
      local got = toks[pos].t == "eof" and "end of expression" or ("'" .. (toks[pos].v or toks[pos].t) .. "'")
      fail(string.format("expected '%s', got %s", t, got))
    end
    pos = pos + 1
    return toks[pos - 1]
  end
  local expr
  local function primary()
    local tk = peek()
    if tk.t == "num" then pos = pos + 1; return { op = "num", value = tk.v } end
    if tk.t == "(" then pos = pos + 1; local e = expr(); take(")"); return e end
    if tk.t == "name" then
      pos = pos + 1
      if peek().t == "(" then
        pos = pos + 1
        local args = {}
        if peek().t ~= ")" then
          repeat args[#args + 1] = expr() until not (peek().t == "," and take(","))
        end
        take(")")
        return { op = "call", fn = tk.v, args = args }
      elseif peek().t == "." then
        pos = pos + 1
        local attr = take("name")
        return { op = "ref", name = tk.v, attr = attr.v }
      end
      return { op = "ref", name = tk.v }
    end
    fail(tk.t == "eof" and "expression ends too early" or ("unexpected '" .. (tk.v or tk.t) .. "'"))
  end
  local function unary()
    if peek().t == "-" then pos = pos + 1; return { op = "neg", args = { unary() } } end
    if peek().t == "~" then pos = pos + 1; return { op = "~", args = { unary() } } end
    return primary()
  end
  local function binary(sub, ops)
    return function()
      local lhs = sub()
      while ops[peek().t] do
        local op = peek().t; pos = pos + 1
        lhs = { op = op, args = { lhs, sub() } }
      end
      return lhs
    end
  end
  local prod = binary(unary, { ["*"] = true, ["/"] = true })
  local sum = binary(prod, { ["+"] = true, ["-"] = true })
  local shift = binary(sum, { ["<<"] = true, [">>"] = true })
  local function cmp()
    local lhs = shift()
    local t = peek().t
    if t == "==" or t == "~=" or t == "<" or t == "<=" or t == ">" or t == ">=" then
      pos = pos + 1
      return { op = t, args = { lhs, shift() } }
    end
    return lhs
  end
  local bor = binary(binary(binary(cmp, { ["&"] = true }), { ["^"] = true }), { ["|"] = true })
  local function notx()
    if peek().t == "not" then pos = pos + 1; return { op = "not", args = { notx() } } end
    return bor()
  end
  local andx = binary(notx, { ["and"] = true })
  expr = binary(andx, { ["or"] = true })
  return protect(function()
    local e = expr()
    if peek().t ~= "eof" then fail("unexpected '" .. (peek().v or peek().t) .. "' after the expression") end
    return e
  end)
end

local sorted_keys = require("names").list

-- Type check. ctx = { kind = "math"|"rule", values = set of names usable as values (math),
-- tiles = set of tile operand names, attrs = set of tile attributes, params = set of bare
-- integer names, funcs = { name = { arity, result, args } }, reduce = set of reduce functions allowed at the root }.
-- Returns the type ("value" | "int" | "bool") or nil, message.
function M.check(ast, ctx, at_root)
  local function err(msg) error({ msg = msg }) end
  local function walk(e, root)
    if e.op == "num" then
      if ctx.kind == "math" then err("numbers are not allowed in math; use operand names") end
      return "int"
    elseif e.op == "ref" then
      if ctx.kind == "math" then
        if e.attr then err(string.format("'%s.%s': math uses whole operands, not attributes", e.name, e.attr)) end
        if not ctx.values[e.name] then
          err(string.format("unknown operand '%s'; allowed: %s", e.name, sorted_keys(ctx.values)))
        end
        return "value"
      end
      if e.attr then
        if not ctx.tiles[e.name] then
          err(string.format("unknown tile operand '%s'; allowed: %s", e.name, sorted_keys(ctx.tiles)))
        end
        if not ctx.attrs[e.attr] then
          err(string.format("unknown attribute '%s.%s'; allowed: %s", e.name, e.attr, sorted_keys(ctx.attrs)))
        end
        return "int"
      end
      if not ctx.params[e.name] then
        err(string.format("unknown name '%s'; allowed: %s, or <operand>.<attribute>", e.name, sorted_keys(ctx.params)))
      end
      return "int"
    elseif e.op == "call" then
      local f = ctx.funcs[e.fn]
      if not f then err(string.format("unknown function '%s'; allowed: %s", e.fn, sorted_keys(ctx.funcs))) end
      if f.root_only and not root then err(string.format("'%s' may only be the whole expression", e.fn)) end
      if #e.args ~= f.arity then
        err(string.format("'%s' takes %d argument(s), got %d", e.fn, f.arity, #e.args))
      end
      for _, a in ipairs(e.args) do
        local t = walk(a, false)
        if t ~= f.arg then err(string.format("'%s' expects %s arguments", e.fn, f.arg)) end
      end
      return f.result
    end
    local want, result
    if e.op == "and" or e.op == "or" or e.op == "not" then
      if ctx.kind == "math" then err("'" .. e.op .. "' is not allowed in math") end
      want, result = "bool", "bool"
    elseif e.op == "==" or e.op == "~=" or e.op == "<" or e.op == "<=" or e.op == ">" or e.op == ">=" then
      if ctx.kind == "math" then err("comparisons are not allowed in math") end
      want, result = "int", "bool"
    elseif e.op == "<<" or e.op == ">>" or e.op == "&" or e.op == "|" or e.op == "^" or e.op == "~" then
      if ctx.kind ~= "math" then err("'" .. e.op .. "' is allowed in math only") end
      want, result = "value", "value"
    else
      want = (ctx.kind == "math") and "value" or "int"
      result = want
    end
    for _, a in ipairs(e.args) do
      local t = walk(a, false)
      if t ~= want then err(string.format("'%s' expects %s operands, got %s", e.op, want, t)) end
    end
    return result
  end
  return protect(walk, ast, true)
end

return M
