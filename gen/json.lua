-- Deterministic JSON encoder: sorted keys, exact integers, shortest round-trip floats.
-- Lua tables are arrays when their keys are exactly 1..n (an empty table is an array).
local M = {}

local function is_array(t)
  local n = 0
  for k in pairs(t) do
    if math.type(k) ~= "integer" or k < 1 then return false end
    n = n + 1
  end
  for i = 1, n do if t[i] == nil then return false end end
  return true
end

local escapes = { ['"'] = '\\"', ['\\'] = '\\\\', ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t' }

local function encode_string(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    return escapes[c] or string.format("\\u%04x", c:byte())
  end) .. '"'
end

local function encode_number(x, path)
  if math.type(x) == "integer" then return tostring(x) end
  if x ~= x or x == math.huge or x == -math.huge then
    error(path .. ": NaN/Inf cannot be encoded in JSON", 0)
  end
  for digits = 1, 17 do
    local s = string.format("%." .. digits .. "g", x)
    if tonumber(s) == x then
      if not s:find("[%.eEn]") then s = s .. ".0" end
      return s
    end
  end
end

local function encode(v, path, out)
  local t = type(v)
  if t == "table" then
    if is_array(v) then
      out[#out + 1] = "["
      for i, item in ipairs(v) do
        if i > 1 then out[#out + 1] = "," end
        encode(item, path .. "[" .. i .. "]", out)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in pairs(v) do
        if type(k) ~= "string" then error(path .. ": mixed table keys cannot be encoded in JSON", 0) end
        keys[#keys + 1] = k
      end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        out[#out + 1] = encode_string(k) .. ":"
        encode(v[k], path .. "." .. k, out)
      end
      out[#out + 1] = "}"
    end
  elseif t == "string" then out[#out + 1] = encode_string(v)
  elseif t == "number" then out[#out + 1] = encode_number(v, path)
  elseif t == "boolean" then out[#out + 1] = tostring(v)
  else error(path .. ": a " .. t .. " cannot be encoded in JSON", 0) end
end

function M.encode(v)
  local out = {}
  encode(v, "$", out)
  return table.concat(out)
end

return M
